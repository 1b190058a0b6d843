import { displayLink } from '@tapquest/shared';
import { useState, type ReactNode } from 'react';
import { AlertIcon } from '../icons/icons';
import { Modal } from '../modal/modal';
import styles from './external-link.module.css';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export interface ExternalLinkModalProps {
  url: string | null;
  onClose: () => void;
}

/** The caution step before leaving the app; the page opens in a new tab without access to this one. */
export function ExternalLinkModal({ url, onClose }: ExternalLinkModalProps) {
  const target = url ? displayLink(url) : '';
  return (
    <Modal
      open={url !== null}
      onClose={onClose}
      title="You are leaving Tapquest"
      media={
        <span className={styles.badge}>
          <AlertIcon />
        </span>
      }
      description={
        <>
          This link opens <strong className={styles.host}>{hostOf(target)}</strong> in a new tab. We don&apos;t check sites outside
          Tapquest.
        </>
      }
      actions={[
        { label: "No, I'll stay here", variant: 'secondary', onClick: onClose },
        {
          label: 'Yes, I understand the risks',
          variant: 'primary',
          onClick: () => {
            window.open(target, '_blank', 'noopener,noreferrer');
            onClose();
          },
        },
      ]}
    />
  );
}

export interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** A link out of the app that asks first (SPEC section 5: external links go through the confirmation modal). */
export function ExternalLink({ href, children, className }: ExternalLinkProps) {
  const [pending, setPending] = useState<string | null>(null);
  return (
    <>
      <a
        href={displayLink(href)}
        target="_blank"
        rel="noopener noreferrer"
        className={[styles.link, className].filter(Boolean).join(' ')}
        onClick={(event) => {
          event.preventDefault();
          setPending(href);
        }}
      >
        {children}
      </a>
      <ExternalLinkModal url={pending} onClose={() => setPending(null)} />
    </>
  );
}
