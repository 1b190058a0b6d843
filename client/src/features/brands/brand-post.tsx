import { Fragment, type ReactNode } from 'react';
import { postAge, type Post } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { ProfilePicture } from '../../ui/avatar/avatar';
import styles from './brands.module.css';

// A feed post (SPEC section 2): author, relative date, optional image, and paragraphs (split on
// blank lines) whose http(s) links ask before leaving the app.

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;
/** Sentence punctuation after a link belongs to the sentence, not the address. */
const TRAILING = /[.,;:!?)\]]+$/;

function linkify(paragraph: string, onLink: (url: string) => void): ReactNode[] {
  return paragraph.split(URL_PATTERN).map((part, i) => {
    if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
    const url = part.replace(TRAILING, '');
    const rest = part.slice(url.length);
    return (
      <Fragment key={i}>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.postLink}
          onClick={(event) => {
            event.preventDefault();
            onLink(url);
          }}
        >
          {url.replace(/^https?:\/\//, '')}
        </a>
        {rest}
      </Fragment>
    );
  });
}

export function BrandPost({ post, now, onLink }: { post: Post; now: Date; onLink: (url: string) => void }) {
  const paragraphs = post.content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <article className={styles.post} aria-label={`Post by ${post.author.name}`}>
      <header className={styles.postHeader}>
        <ProfilePicture src={post.author.picture ? assetUrl(post.author.picture) : null} alt="" className={styles.postAvatar} />
        <span className={styles.postAuthor}>{post.author.name}</span>
        <time className={styles.postDate} dateTime={post.date}>
          {postAge(post.date, now)}
        </time>
      </header>
      {post.image && <img className={styles.postImage} src={assetUrl(post.image)} alt="" />}
      <div className={styles.postBody}>
        {paragraphs.map((paragraph, i) => (
          <p key={i}>{linkify(paragraph, onLink)}</p>
        ))}
      </div>
    </article>
  );
}
