import { describe, expect, it } from 'vitest';
import { canChangeTo } from './machine';
import { WORKFLOW_STATUSES } from './statuses';
import { PARENT_STATUS, workflowStatusEntities, workflowStatusEntity } from './status-entity';

describe('workflow-status entity (classic §3)', () => {
  it('has the five fields of the spec for every status', () => {
    const all = workflowStatusEntities();
    expect(all.map((e) => e.key)).toEqual([...WORKFLOW_STATUSES]);
    for (const e of all) expect(Object.keys(e).sort()).toEqual(['childs', 'key', 'name', 'parent_status', 'transitions']);
  });

  it('names a status in words and lists its moves from the transition table, each once', () => {
    const documents = workflowStatusEntity('documents');
    expect(documents.name).toBe('Documents');
    expect(documents.childs).toEqual(['driver_license_uploaded', 'pay_stub_uploaded', 'proof_of_address_uploaded']);
    expect(new Set(documents.transitions).size).toBe(documents.transitions.length);
    for (const e of workflowStatusEntities()) for (const to of e.transitions) expect(canChangeTo(e.key, to)).toBe(true);
  });

  it('links parents and children both ways; a parent is never its own child', () => {
    expect(workflowStatusEntity('phone_code_sent')).toMatchObject({ name: 'Phone code sent', parent_status: 'phone_verification', childs: [] });
    for (const [child, parent] of Object.entries(PARENT_STATUS)) {
      expect(workflowStatusEntity(parent).childs).toContain(child);
      expect(child).not.toBe(parent);
    }
    expect(workflowStatusEntity('approved').parent_status).toBeNull();
  });
});
