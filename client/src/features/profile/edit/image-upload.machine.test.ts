import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { buildUser } from '../../../test/builders';
import { imageUploadMachine, UPLOAD_FAILED, type UploadSlot } from './image-upload.machine';

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const flush = () => new Promise((r) => setTimeout(r, 0));

function start(upload: (input: { slot: UploadSlot; file: File }) => Promise<ReturnType<typeof buildUser>> = async () => buildUser()) {
  const openPicker = vi.fn<(slot: UploadSlot) => void>();
  const uploaded = vi.fn();
  const uploadImage = vi.fn(upload);
  const actor = createActor(
    imageUploadMachine.provide({
      actors: { uploadImage: fromPromise(({ input }) => uploadImage(input)) },
      actions: { openPicker: (_, { slot }) => openPicker(slot), uploaded: (_, { user }) => uploaded(user) },
    }),
  );
  actor.start();
  return { actor, state: () => actor.getSnapshot().value, file: () => actor.getSnapshot().context.file, openPicker, uploaded, uploadImage };
}

describe('image upload machine', () => {
  it('is closed until a file is picked, then previews it in the slot it was picked for', () => {
    const banner = start();
    expect(banner.state()).toBe('closed');
    banner.actor.send({ type: 'PICK', slot: 'banner', file: png('b.png') });
    expect(banner.state()).toEqual({ bannerPreview: 'idle' });
    expect(banner.file()?.name).toBe('b.png');

    const picture = start();
    picture.actor.send({ type: 'PICK', slot: 'picture', file: png('p.png') });
    expect(picture.state()).toEqual({ profilePreview: 'idle' });
  });

  it("'Choose different' opens the picker again and the new pick replaces the preview", () => {
    const { actor, state, file, openPicker } = start();
    actor.send({ type: 'PICK', slot: 'picture', file: png('first.png') });
    actor.send({ type: 'CHOOSE_DIFFERENT' });
    expect(openPicker).toHaveBeenCalledWith('picture');
    actor.send({ type: 'PICK', slot: 'picture', file: png('second.png') });
    expect(state()).toEqual({ profilePreview: 'idle' });
    expect(file()?.name).toBe('second.png');
  });

  it("'Update' uploads the previewed file to its slot and closes with the updated user", async () => {
    const user = buildUser({ banner: '/api/media/b1' });
    const { actor, state, uploaded, uploadImage } = start(async () => user);
    actor.send({ type: 'PICK', slot: 'banner', file: png('b.png') });
    actor.send({ type: 'UPDATE' });
    expect(state()).toEqual({ bannerPreview: 'uploading' });
    actor.send({ type: 'CLOSE' });
    expect(state()).toEqual({ bannerPreview: 'uploading' });
    await flush();
    expect(uploadImage).toHaveBeenCalledWith({ slot: 'banner', file: expect.objectContaining({ name: 'b.png' }) });
    expect(uploaded).toHaveBeenCalledWith(user);
    expect(state()).toBe('closed');
    expect(actor.getSnapshot().context.file).toBeNull();
  });

  it('keeps the preview open with the reason when the upload fails', async () => {
    const { actor, state } = start(async () => {
      throw new Error('Image is too large');
    });
    actor.send({ type: 'PICK', slot: 'picture', file: png('p.png') });
    actor.send({ type: 'UPDATE' });
    await flush();
    expect(state()).toEqual({ profilePreview: 'idle' });
    expect(actor.getSnapshot().context.error).toBe('Image is too large');
    actor.send({ type: 'CLOSE' });
    expect(state()).toBe('closed');
    expect(UPLOAD_FAILED).toMatch(/Upload failed/);
  });
});
