import { describe, expect, it } from 'vitest';
import { ApiError } from './http-client';
import { refusedStatus, workflowRefusal } from './workflow-refusal';

describe('refusedStatus', () => {
  it("reads a refused move's current_status (422, and 409 for a classic step out of order)", () => {
    expect(refusedStatus(new ApiError(422, { error: 'Not in this status', current_status: 'loan_terms' }))).toBe('loan_terms');
    expect(refusedStatus(new ApiError(409, { error: 'Out of order', current_status: 'documents' }))).toBe('documents');
    expect(workflowRefusal(new ApiError(422, { error: 'No', current_status: 'bank_link' }))).toEqual({ error: 'No', current_status: 'bank_link' });
  });

  it('is null for anything else', () => {
    expect(refusedStatus(new ApiError(422, { errors: { amount: ['is invalid'] } }))).toBeNull();
    expect(refusedStatus(new ApiError(422, { error: 'No', current_status: 'not_a_status' }))).toBeNull();
    expect(refusedStatus(new ApiError(422, { current_status: 'loan_terms' }))).toBeNull();
    expect(refusedStatus(new ApiError(500, { error: 'No', current_status: 'loan_terms' }))).toBeNull();
    expect(refusedStatus(new ApiError(409, { error: 'No', current_status: 'loan_terms' }), [422])).toBeNull();
    expect(refusedStatus(new Error('network'))).toBeNull();
    expect(refusedStatus(null)).toBeNull();
  });
});
