import { useEffect, useState } from 'react';
import { noticeAge, type Notice } from '@tapquest/shared';
import roundLogo from './assets/round-logo.svg';
import styles from './notices.module.css';

/** SPEC section 2: a new quest shows the round reserve logo, anything else the app icon, unless the notice has a picture. */
export function defaultNoticePicture(type: Notice['type']): string {
  return type === 'new-quest' ? roundLogo : '/icons/icon-192.png';
}

export interface NoticeCardProps {
  notice: Notice;
  now: Date;
  onOpen: (notice: Notice) => void;
  busy?: boolean;
}

/** One notice: picture, title, message and age. Read ones step back; unacknowledged ones carry a dot. */
export function NoticeCard({ notice, now, onOpen, busy = false }: NoticeCardProps) {
  const fallback = defaultNoticePicture(notice.type);
  const [picture, setPicture] = useState(notice.profilePicUrl || fallback);
  useEffect(() => setPicture(notice.profilePicUrl || fallback), [notice.profilePicUrl, fallback]);
  const state = notice.ack_type === 'read' ? 'read' : notice.ack_type === 'seen' ? 'seen' : 'new';
  const age = noticeAge(notice.created_at, now);

  return (
    <button
      type="button"
      className={styles.card}
      data-state={state}
      aria-busy={busy || undefined}
      onClick={() => onOpen(notice)}
    >
      <img className={styles.picture} src={picture} alt="" onError={() => setPicture(fallback)} />
      <span className={styles.text}>
        <span className={styles.cardTitle}>{notice.title}</span>
        <span className={styles.message}>{notice.message}</span>
        <time className={styles.age} dateTime={notice.created_at}>
          {age}
        </time>
      </span>
      {state === 'new' && <span className={styles.dot} aria-label="New" role="img" />}
      {state === 'read' && <span className="visually-hidden">(read)</span>}
    </button>
  );
}
