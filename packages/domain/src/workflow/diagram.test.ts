import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workflowMermaid } from './diagram';

describe('docs/workflow.md', () => {
  it('draws exactly the forward rows of the transition table', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/workflow.md'), 'utf8');
    const block = /```mermaid\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(block).toBe(workflowMermaid());
  });
});
