import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import { TOAST_BLANK_MS, TOAST_ERROR_MS, TOAST_MAX, TOAST_SUCCESS_MS } from '@tapquest/shared';

// Toast types blank, error, success, loading and custom (SPEC section 2) with the durations and
// the on-screen limit of section 9. Features call `toast` from ./toast.
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // Newest first: everything past the limit is dismissed.
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_MAX)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      gutter={10}
      containerStyle={{ zIndex: 'var(--z-toast)', top: 'max(16px, env(safe-area-inset-top))' }}
      toastOptions={{
        blank: { duration: TOAST_BLANK_MS },
        error: { duration: TOAST_ERROR_MS, iconTheme: { primary: 'var(--color-danger)', secondary: 'var(--color-surface)' } },
        success: { duration: TOAST_SUCCESS_MS, iconTheme: { primary: 'var(--color-success)', secondary: 'var(--color-surface)' } },
        loading: { iconTheme: { primary: 'var(--color-accent)', secondary: 'var(--color-surface-3)' } },
        style: {
          background: 'var(--color-surface-2)',
          color: 'var(--color-text)',
          border: '1px solid var(--color-border-strong)',
          borderRadius: 'var(--radius-md)',
          boxShadow: 'var(--shadow-2)',
          fontSize: 'var(--text-sm)',
          fontWeight: 500,
          padding: '10px 14px',
          maxWidth: '420px',
        },
      }}
    />
  );
}
