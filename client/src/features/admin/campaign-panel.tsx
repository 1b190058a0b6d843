import { Link } from 'react-router-dom';
import { Button } from '../../ui/button/button';
import { EventGlyph, SocialGlyph, TapGlyph } from './dashboard-icons';
import styles from './dashboard.module.css';

// CAMPAIGN MANAGEMENT (SPEC section 2): three campaign kinds, each with BEGIN, and VIEW CAMPAIGNS.
// Placeholders: every link leads home until campaign building exists.
const CAMPAIGNS = [
  { title: 'TAP QUEST', text: 'build a quest for gear holders', glyph: <TapGlyph /> },
  { title: 'EVENT', text: 'launch a community event', glyph: <EventGlyph /> },
  { title: 'SOCIAL QUEST', text: 'build a social media quest', glyph: <SocialGlyph /> },
];

export function CampaignPanel() {
  return (
    <section className={`${styles.panel} ${styles.campaigns}`} aria-labelledby="campaigns-title">
      <div className={styles.panelHead}>
        <h2 id="campaigns-title" className={styles.panelTitle}>
          CAMPAIGN MANAGEMENT
        </h2>
        <Link to="/" className={styles.panelLink}>
          VIEW CAMPAIGNS
        </Link>
      </div>
      <ul className={styles.campaignList}>
        {CAMPAIGNS.map((c) => (
          <li key={c.title} className={styles.campaign}>
            <span className={styles.campaignGlyph}>{c.glyph}</span>
            <div className={styles.campaignText}>
              <h3 className={styles.campaignTitle}>{c.title}</h3>
              <p className={styles.campaignBlurb}>{c.text}</p>
            </div>
            <Button to="/" size="small" aria-label={`BEGIN ${c.title}`}>
              BEGIN
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
