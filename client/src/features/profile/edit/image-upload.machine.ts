import { assign, fromPromise, setup } from 'xstate';
import type { UserProfile } from '@tapquest/shared';

// The upload modal of SPEC section 4: closed, banner preview, profile (picture) preview. A picked
// file opens the preview for its slot; 'Update' uploads it, 'Choose different' opens the file
// picker again (a new pick replaces the previewed file). The upload and the picker are provided.
// Closing waits for a running upload to end.
// Files the rules refuse (type, over 10 MB) never get here: the file input drops them.

export type UploadSlot = 'banner' | 'picture';

export const UPLOAD_FAILED = 'Upload failed, please try again';

export type ImageUploadEvent =
  { type: 'PICK'; slot: UploadSlot; file: File } | { type: 'UPDATE' } | { type: 'CHOOSE_DIFFERENT' } | { type: 'CLOSE' };

interface ImageUploadContext {
  file: File | null;
  error: string | null;
}

export const imageUploadMachine = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
  },
  actors: {
    uploadImage: fromPromise<UserProfile, { slot: UploadSlot; file: File }>(async () => {
      throw new Error('uploadImage was not provided');
    }),
  },
  actions: {
    openPicker: (_, _params: { slot: UploadSlot }) => {},
    uploaded: (_, _params: { user: UserProfile }) => {},
    keepFile: assign({ file: ({ event }) => (event.type === 'PICK' ? event.file : null), error: null }),
    forget: assign({ file: null, error: null }),
    keepError: assign({
      error: (_, params: { error: unknown }) => (params.error instanceof Error && params.error.message) || UPLOAD_FAILED,
    }),
  },
  guards: {
    picked: ({ event }, params: { slot: UploadSlot }) => event.type === 'PICK' && event.slot === params.slot,
  },
}).createMachine({
  id: 'imageUpload',
  context: { file: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      entry: 'forget',
      on: {
        PICK: [
          { guard: { type: 'picked', params: { slot: 'banner' } }, target: 'bannerPreview', actions: 'keepFile' },
          { guard: { type: 'picked', params: { slot: 'picture' } }, target: 'profilePreview', actions: 'keepFile' },
        ],
      },
    },
    bannerPreview: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            PICK: { guard: { type: 'picked', params: { slot: 'banner' } }, actions: 'keepFile' },
            UPDATE: 'uploading',
            CHOOSE_DIFFERENT: { actions: { type: 'openPicker', params: { slot: 'banner' } } },
            CLOSE: '#imageUpload.closed',
          },
        },
        uploading: {
          invoke: {
            src: 'uploadImage',
            input: ({ context }) => ({ slot: 'banner' as const, file: context.file! }),
            onDone: { target: '#imageUpload.closed', actions: { type: 'uploaded', params: ({ event }) => ({ user: event.output }) } },
            onError: { target: 'idle', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    profilePreview: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            PICK: { guard: { type: 'picked', params: { slot: 'picture' } }, actions: 'keepFile' },
            UPDATE: 'uploading',
            CHOOSE_DIFFERENT: { actions: { type: 'openPicker', params: { slot: 'picture' } } },
            CLOSE: '#imageUpload.closed',
          },
        },
        uploading: {
          invoke: {
            src: 'uploadImage',
            input: ({ context }) => ({ slot: 'picture' as const, file: context.file! }),
            onDone: { target: '#imageUpload.closed', actions: { type: 'uploaded', params: ({ event }) => ({ user: event.output }) } },
            onError: { target: 'idle', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
