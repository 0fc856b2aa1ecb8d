import { useEffect, useState } from 'react';
import type { ZPayrollLinkSession } from '@payrail/contract/newflow';
import type { z } from 'zod';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Form } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
import { formatCents } from '@payrail/client/format';
import { loadScript } from '../../../lib/load-script';
import { payrollSandboxError, sandboxPayDistribution, sandboxPayrollLogin } from '../api/payroll-link';
import { payrollLoginSchema } from './payroll-widget.schema';
import type { PayrollLogin } from './payroll-widget.schema';

export type PayrollSession = z.infer<typeof ZPayrollLinkSession>;

export interface PayrollWidgetProps {
  session: PayrollSession;
  employerName: string;
  /** connect: log in to the payroll account; pay_distribution: set up the split deposit on a connected account. */
  mode: { kind: 'connect' } | { kind: 'pay_distribution'; accountId: string; amountCents: number };
  onConnected?: (accountId: string) => void;
  /** The widget closed: `accepted` tells whether the pay distribution was confirmed in it (the server still checks). */
  onClosed: (result: { accepted: boolean }) => void;
  /** The provider's script could not be loaded (newflow §8 "reported as a load error"). */
  onLoadError?: () => void;
}

interface ArgyleLink {
  open: () => void;
  close: () => void;
}
interface ArgyleGlobal {
  create: (options: Record<string, unknown>) => ArgyleLink;
}

/**
 * The payroll-connectivity widget (newflow §2 employment and split deposit). The sandbox provider is our
 * own dialog behaving like the provider's test mode (test credentials, the pay-distribution
 * confirmation, failure and exit paths); the real provider's Link script is loaded on demand.
 */
export function PayrollWidget(props: PayrollWidgetProps) {
  return props.session.sandbox || !props.session.plugin_url ? <SandboxPayrollDialog {...props} /> : <ProviderLink {...props} />;
}

function ProviderLink({ session, mode, onConnected, onClosed, onLoadError }: PayrollWidgetProps) {
  useEffect(() => {
    let link: ArgyleLink | null = null;
    let accepted = false;
    void loadScript(session.plugin_url ?? '')
      .then(() => {
        const argyle = (window as unknown as { Argyle?: ArgyleGlobal }).Argyle;
        if (!argyle) throw new Error('The payroll widget did not start.');
        link = argyle.create({
          userToken: session.user_token,
          items: session.link_item ? [session.link_item] : undefined,
          ...(mode.kind === 'pay_distribution'
            ? { flowId: undefined, payDistributionUpdateFlow: true, payDistributionConfig: session.pay_distribution_config }
            : {}),
          sandbox: session.sandbox,
          onAccountConnected: ({ accountId }: { accountId: string }) => onConnected?.(accountId),
          onPayDistributionSuccess: () => {
            accepted = true;
          },
          onClose: () => onClosed({ accepted }),
        });
        link.open();
      })
      .catch(() => onLoadError?.());
    return () => link?.close();
    // Opened once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

function SandboxPayrollDialog({ session, employerName, mode, onConnected, onClosed }: PayrollWidgetProps) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const logIn = async ({ username, password }: PayrollLogin) => {
    setPending(true);
    setError(null);
    try {
      const answer = await sandboxPayrollLogin({ user_token: session.user_token, link_item: session.link_item, username, password });
      onConnected?.(answer.account_id);
    } catch (caught) {
      setError(payrollSandboxError(caught)?.error_message ?? 'We could not reach your payroll provider. Please try again.');
    } finally {
      setPending(false);
    }
  };

  const distribute = async (accept: boolean) => {
    if (mode.kind !== 'pay_distribution') return;
    setPending(true);
    setError(null);
    try {
      const answer = await sandboxPayDistribution({
        user_token: session.user_token,
        account_id: mode.accountId,
        pay_distribution_config: session.pay_distribution_config ?? '',
        accept,
      });
      onClosed({ accepted: answer.status === 'set' });
    } catch (caught) {
      setError(payrollSandboxError(caught)?.error_message ?? 'We could not reach your payroll provider. Please try again.');
      setPending(false);
    }
  };

  if (mode.kind === 'pay_distribution') {
    return (
      <Dialog
        open
        onClose={() => void distribute(false)}
        closeOnBackdrop={false}
        title={`${employerName} payroll`}
        description="Sandbox payroll provider (test mode)."
        footer={
          <>
            <Button variant="secondary" onClick={() => void distribute(false)} disabled={pending}>
              Not now
            </Button>
            <Button onClick={() => void distribute(true)} loading={pending}>
              Confirm deposit split
            </Button>
          </>
        }
      >
        <p>
          Send <strong>{formatCents(mode.amountCents)}</strong> of each paycheck to the account Payrail uses for your loan payments. The rest of your pay goes
          where it goes today.
        </p>
        <ErrorAlert message={error} />
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={() => onClosed({ accepted: false })}
      closeOnBackdrop={false}
      title={`Connect to ${employerName} payroll`}
      description="Sandbox payroll provider (test mode): log in with test_1 / passgood."
    >
      <Form
        aria-label="Payroll log-in"
        schema={payrollLoginSchema}
        options={{ mode: 'onSubmit', defaultValues: { username: '', password: '' } }}
        onSubmit={logIn}
      >
        {({ register, formState: { errors } }) => {
          const shown = errors.username?.message ?? errors.password?.message ?? error;
          return (
            <>
              <ErrorAlert message={shown} />
              <TextField label="Payroll username" autoComplete="off" {...register('username')} />
              <TextField label="Payroll password" type="password" autoComplete="off" {...register('password')} />
              <Button type="submit" fullWidth loading={pending}>
                Connect
              </Button>
            </>
          );
        }}
      </Form>
    </Dialog>
  );
}
