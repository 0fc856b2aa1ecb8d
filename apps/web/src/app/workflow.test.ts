import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MSG } from '@payrail/contract/messages';
import { navigationStackHandler } from '../../test/fixtures';
import { api, server } from '../../test/msw-server';
import { setNavigator } from '@payrail/client/navigation';
import { sessionStore } from '../lib/session-store';
import { followStatus, goToNextStatus, goToPreviousStatus, moveToNewflowStatus, reloadNavigationStack } from './workflow';

const navigateSpy = vi.fn();
let unset: () => void = () => undefined;

beforeEach(() => {
  navigateSpy.mockReset();
  unset = setNavigator(navigateSpy);
  sessionStore.setToken('t');
  sessionStore.setUser({ id: 1, email: 'a@b.co', workflow_status: 'employer', loan_type: 'new' });
});
afterEach(() => unset());

const moved = (status: string) => HttpResponse.json({ new_status: status, workflow_status: { next_status: status } });

describe('workflow client: next status', () => {
  it('posts the current status, pushes the answer on the stack and opens its page', async () => {
    sessionStore.setNavigationStack(['about_yourself', 'employer']);
    let body: unknown = null;
    server.use(
      http.post(api('/workflow/next_status'), async ({ request }) => {
        body = await request.json();
        return moved('phone_verification');
      }),
    );
    await goToNextStatus('employer');
    expect(body).toEqual({ current_status: 'employer' });
    expect(sessionStore.getState().navigationStack).toEqual(['about_yourself', 'employer', 'phone_verification']);
    expect(sessionStore.getState().user?.workflow_status).toBe('phone_verification');
    expect(navigateSpy).toHaveBeenCalledWith('/application/phone_verification', undefined);
  });

  it.each(['application_submitted', 'denied', 'employer_review'])('%s goes to the root without touching the stack', async (status) => {
    sessionStore.setNavigationStack(['esignature_needed']);
    server.use(http.post(api('/workflow/next_status'), () => moved(status)));
    await goToNextStatus('esignature_needed');
    expect(navigateSpy).toHaveBeenCalledWith('/', undefined);
    expect(sessionStore.getState().navigationStack).toEqual(['esignature_needed']);
  });

  it("adopts the server's current status when the move is refused", async () => {
    server.use(
      http.post(api('/workflow/next_status'), () =>
        HttpResponse.json({ error: SERVER_MSG.statusOutOfDate('loan_terms'), current_status: 'loan_terms' }, { status: 422 }),
      ),
    );
    await expect(goToNextStatus('employer')).resolves.toBe('loan_terms');
    expect(sessionStore.getState().user?.workflow_status).toBe('loan_terms');
    expect(navigateSpy).toHaveBeenCalledWith('/loan_terms', { replace: true });
  });
});

describe('workflow client: back', () => {
  it('asks to change to the previous entry and pops the stack', async () => {
    sessionStore.setUser({ id: 1, email: 'a@b.co', workflow_status: 'phone_verification', loan_type: 'new' });
    sessionStore.setNavigationStack(['about_yourself', 'employer', 'phone_verification']);
    let body: unknown = null;
    server.use(
      http.post(api('/workflow/change_status'), async ({ request }) => {
        body = await request.json();
        return moved('employer');
      }),
    );
    await goToPreviousStatus();
    expect(body).toEqual({ new_status: 'employer' });
    expect(sessionStore.getState().navigationStack).toEqual(['about_yourself', 'employer']);
    expect(navigateSpy).toHaveBeenCalledWith('/application/employer', undefined);
  });

  it('never goes back to phone_code_sent', async () => {
    sessionStore.setUser({ id: 1, email: 'a@b.co', workflow_status: 'loan_terms', loan_type: 'new' });
    sessionStore.setNavigationStack(['phone_verification', 'phone_code_sent', 'loan_terms']);
    let body: unknown = null;
    server.use(
      http.post(api('/workflow/change_status'), async ({ request }) => {
        body = await request.json();
        return moved('phone_verification');
      }),
    );
    await goToPreviousStatus();
    expect(body).toEqual({ new_status: 'phone_verification' });
  });

  it('reloads a short stack from the server first; an empty one means the root', async () => {
    sessionStore.setNavigationStack([]);
    server.use(navigationStackHandler('about_yourself', []));
    await goToPreviousStatus();
    expect(navigateSpy).toHaveBeenCalledWith('/', undefined);
  });

  it("takes the server's status when the back move is refused", async () => {
    sessionStore.setNavigationStack(['about_yourself', 'employer']);
    server.use(http.post(api('/workflow/change_status'), () => HttpResponse.json({ error: 'no', current_status: 'employer' }, { status: 422 })));
    await goToPreviousStatus();
    expect(navigateSpy).toHaveBeenCalledWith('/application/employer', { replace: true });
    expect(sessionStore.getState().navigationStack).toEqual(['about_yourself', 'employer']);
  });

  it('reloading the stack drops phone_code_sent and adopts the current status', async () => {
    server.use(navigationStackHandler('loan_terms', ['employer', 'phone_verification', 'phone_code_sent', 'loan_terms']));
    await expect(reloadNavigationStack()).resolves.toBe('loan_terms');
    expect(sessionStore.getState().navigationStack).toEqual(['employer', 'phone_verification', 'loan_terms']);
    expect(sessionStore.getState().user?.workflow_status).toBe('loan_terms');
  });
});

describe('workflow client: followStatus, the one status adoption', () => {
  it.each(['phone_code_sent', 'refinancing_application'])('%s never joins the back stack (the domain’s off-stack pages)', (status) => {
    sessionStore.setNavigationStack(['about_yourself']);
    followStatus(status);
    expect(sessionStore.getState().navigationStack).toEqual(['about_yourself']);
    expect(sessionStore.getState().user?.workflow_status).toBe(status);
  });

  it('the new flow’s rate check is not a page to go back to either', () => {
    sessionStore.setNavigationStack(['personal_info', 'ssn_input']);
    moveToNewflowStatus('rate_check');
    expect(sessionStore.getState().navigationStack).toEqual(['personal_info', 'ssn_input']);
    expect(navigateSpy).toHaveBeenCalledWith('/application/newflow/checking_rate', undefined);
  });

  it('a review status opens its page without joining the stack; a borrower page joins it', () => {
    sessionStore.setNavigationStack(['application_review']);
    followStatus('ready_for_review');
    expect(sessionStore.getState().navigationStack).toEqual(['application_review']);
    followStatus('select_repay_method');
    expect(sessionStore.getState().navigationStack).toEqual(['application_review', 'select_repay_method']);
    expect(navigateSpy).toHaveBeenLastCalledWith('/select_repay_method', undefined);
  });

  it('a refused status replaces the page and leaves the stack alone', () => {
    sessionStore.setNavigationStack(['about_yourself', 'employer']);
    followStatus('bank_link', { refused: true });
    expect(sessionStore.getState().navigationStack).toEqual(['about_yourself', 'employer']);
    expect(navigateSpy).toHaveBeenCalledWith('/bank_link', { replace: true });
  });

  it('a step that sends the borrower home goes home whatever the status', () => {
    sessionStore.setNavigationStack(['feedback_sent']);
    followStatus('bank_link', { home: true, replace: true });
    expect(navigateSpy).toHaveBeenCalledWith('/', { replace: true });
    expect(sessionStore.getState().navigationStack).toEqual(['feedback_sent']);
    expect(sessionStore.getState().user?.workflow_status).toBe('bank_link');
  });
});
