import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../ui/button/button';
import styles from './route-error.module.css';

/** The router's error screen (SPEC section 8): 'Unexpected Application Error!' with the status or message. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <p className={styles.detail}>{detail}</p>
      <Button href="/" variant="secondary">
        Back to Tapquest
      </Button>
    </main>
  );
}
