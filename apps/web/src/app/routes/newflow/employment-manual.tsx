import { useState } from 'react';
import type { TEmployer } from '@payrail/contract/reference';
import { PayStubHelp, PayStubVideoDialog, PostalPayStubDialog } from '../../../features/documents/components/pay-stub-help';
import { EmploymentManual } from '../../../features/newflow/components/employment';

function Help({ employer }: { employer: TEmployer | null }) {
  const [postal, setPostal] = useState(false);
  const [video, setVideo] = useState(false);
  return (
    <>
      <p>
        <PayStubHelp employer={employer} onOpenPostal={() => setPostal(true)} onOpenVideo={() => setVideo(true)} />
      </p>
      <PostalPayStubDialog open={postal} onClose={() => setPostal(false)} phoneTabs />
      <PayStubVideoDialog open={video} onClose={() => setVideo(false)} />
    </>
  );
}

export function Component() {
  return <EmploymentManual renderHelp={(employer) => <Help employer={employer} />} />;
}
