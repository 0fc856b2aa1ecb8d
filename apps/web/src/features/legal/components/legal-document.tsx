import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useAgreementDocument } from '../api/get-agreement-document';
import type { AgreementName } from '@payrail/contract/reference';
import styles from './legal-document.module.css';

export interface LegalDocumentProps {
  agreement: AgreementName;
  /** Heading while loading or when the document cannot be fetched. */
  fallbackTitle: string;
}

/** A legal page that renders the server's current version of an agreement. */
export function LegalDocument({ agreement, fallbackTitle }: LegalDocumentProps) {
  const { data, isPending, isError, refetch } = useAgreementDocument(agreement);

  if (isPending) {
    return (
      <Container width="narrow">
        <h1>{fallbackTitle}</h1>
        <LoadingBlock label="Loading the document…" />
      </Container>
    );
  }

  if (isError) {
    return (
      <Container width="narrow">
        <h1>{fallbackTitle}</h1>
        <Alert kind="error" title="We could not load this document.">
          <p>Please try again. If the problem continues, call customer service.</p>
        </Alert>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </Container>
    );
  }

  return (
    <Container width="narrow">
      <article className={styles.article} aria-labelledby="legal-title">
        <header className={styles.header}>
          <h1 id="legal-title">{data.title}</h1>
          <div className={styles.meta}>
            {data.version ? <span>Version {data.version}</span> : null}
            {data.pdf_url ? (
              <Button href={data.pdf_url} variant="secondary" size="sm" target="_blank" rel="noopener noreferrer">
                Download PDF<span className="visually-hidden"> (opens in a new tab)</span>
              </Button>
            ) : null}
          </div>
        </header>
        {/* body_html comes from the server's own agreement templates, not from users. */}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: data.body_html }} />
      </article>
    </Container>
  );
}
