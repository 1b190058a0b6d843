import { useEffect, useRef, type KeyboardEvent } from 'react';
import { TAB_MAX, TAB_MIN } from '@tapquest/shared';
import styles from './tab-bar.module.css';

export interface Tab<Id extends string = string> {
  id: Id;
  label: string;
}

export interface TabBarProps<Id extends string> {
  tabs: readonly Tab<Id>[];
  value: Id;
  onChange: (id: Id) => void;
  /** Names the tab list for assistive technology. */
  label: string;
  /** Prefix of the tab panels' ids (`${idPrefix}-${tab.id}`), for aria-controls. */
  idPrefix?: string;
}

/** A tab strip of TAB_MIN to TAB_MAX tabs (SPEC sections 2 and 5); arrow keys move between tabs. */
export function TabBar<Id extends string>({ tabs, value, onChange, label, idPrefix }: TabBarProps<Id>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  useEffect(() => {
    if (tabs.length < TAB_MIN || tabs.length > TAB_MAX) {
      console.warn(`TabBar supports ${TAB_MIN} to ${TAB_MAX} tabs, got ${tabs.length}`);
    }
  }, [tabs.length]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (index + move + tabs.length) % tabs.length;
    onChange(tabs[next].id);
    refs.current[next]?.focus();
  }

  return (
    <div className={styles.tabBar} role="tablist" aria-label={label} style={{ ['--tab-count' as string]: tabs.length }}>
      {tabs.map((tab, index) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={idPrefix ? `${idPrefix}-tab-${tab.id}` : undefined}
            aria-controls={idPrefix ? `${idPrefix}-${tab.id}` : undefined}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
          </button>
        );
      })}
      <span
        className={styles.indicator}
        aria-hidden="true"
        style={{
          ['--tab-index' as string]: Math.max(
            0,
            tabs.findIndex((t) => t.id === value),
          ),
        }}
      />
    </div>
  );
}
