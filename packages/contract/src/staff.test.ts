import { describe, expect, it } from 'vitest';
import { STAFF_CAPABILITIES, STAFF_CAPABILITY_NAMES, STAFF_ROLES, staffCan } from './staff';

describe('staff capability table', () => {
  it('states who may do what in the back office, role by role', () => {
    const held = Object.fromEntries(STAFF_ROLES.map((role) => [role, STAFF_CAPABILITY_NAMES.filter((c) => staffCan(role, c))]));
    expect(held).toEqual({
      admin: [
        'read',
        'review',
        'fund',
        'audit',
        'systemEvent',
        'remind',
        'storageCheck',
        'collect',
        'creditReporting',
        'creditDisputes',
        'portfolio',
        'restructure',
        'manageEmployerUsers',
        'jobs',
      ],
      underwriter: ['read', 'review'],
      servicer: ['read', 'fund', 'remind', 'storageCheck', 'collect', 'creditDisputes', 'restructure', 'manageEmployerUsers'],
    });
  });

  it('names only known roles, each once, and gives every capability to someone', () => {
    for (const [capability, roles] of Object.entries(STAFF_CAPABILITIES)) {
      expect(roles.length, capability).toBeGreaterThan(0);
      expect(new Set(roles).size, capability).toBe(roles.length);
      for (const role of roles) expect(STAFF_ROLES).toContain(role);
    }
  });

  it('gives nothing to a missing role (signed out, or before the session answered)', () => {
    for (const capability of STAFF_CAPABILITY_NAMES) {
      expect(staffCan(null, capability)).toBe(false);
      expect(staffCan(undefined, capability)).toBe(false);
    }
  });
});
