// Placeholder until this step's screen lands; replaced by the step's own page.
export { Component } from './later-release';
