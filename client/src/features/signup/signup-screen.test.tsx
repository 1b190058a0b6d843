import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@tapquest/shared';
import { buildUser } from '../../test/builders';
import { errorBody, json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

const SKIP = 'Skip this for now (You can do this later)';

function signedIn(user = buildUser()) {
  localStorage.setItem('jwt', 'jwt-ada');
  return user;
}

async function fillAccount(password = 'correct-horse', confirmation = password) {
  await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
}

describe('Sign-up, step 0', () => {
  it('keeps Continue disabled until email, password and confirmation are filled', async () => {
    mockFetch({});
    const { router } = renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?step=0'));
    const next = screen.getByRole('button', { name: 'Continue' });
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    expect(next).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Confirm password'), 'c');
    expect(next).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute('href', '/login');
  });

  it("says 'Passwords do not match' and does not submit", async () => {
    const { calls } = mockFetch({});
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillAccount('correct-horse', 'correct-hose');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user')).toHaveLength(0);
  });

  it("shows the server's first message as a toast and clears both passwords when sign-up fails", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'POST /user': () => json(409, errorBody('An account with this email already exists')) });
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });

  it('creates the account, signs in and moves to step 1', async () => {
    const { called } = mockFetch({
      'POST /user': () => json(201, { token: 'jwt-new' }),
      'GET /my/profile': () => json(200, buildUser({ username: null })),
    });
    const { router } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Choose a username' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=1');
    expect(localStorage.getItem('jwt')).toBe('jwt-new');
    expect(called('POST /user')[0].body).toEqual({ email: 'new@example.com', password: 'correct-horse' });
  });

  it('goes straight to /profile when the new account already has a username', async () => {
    mockFetch({
      'POST /user': () => json(201, { token: 'jwt-new' }),
      'GET /my/profile': () => json(200, buildUser()),
    });
    const { router } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});

describe('Sign-up, step 1 (username)', () => {
  it('ticks the rules live, checks availability and saves, then moves to step 2', async () => {
    const user = signedIn(buildUser({ username: null }));
    const { called } = mockFetch({
      'GET /my/profile': () => json(200, user),
      'GET /username': ({ url }) => json(200, { username: url.searchParams.get('username'), available: true }),
      'PUT /my/username': ({ body }) => json(200, { ...user, username: (body as { username: string }).username }),
    });
    const { router } = renderApp('/signup');
    const input = await screen.findByLabelText('Username');
    expect(input).toHaveAttribute('maxLength', '20');
    const rules = screen.getByRole('list', { name: 'Username rules' });
    expect(within(rules).getAllByText('(not met)')).toHaveLength(3);

    await userEvent.type(input, 'trail_ada');
    expect(within(rules).getAllByText('(met)')).toHaveLength(3);
    expect(await screen.findByText('Username available')).toBeInTheDocument();
    expect(called('GET /username')).toHaveLength(1);
    expect(called('GET /username')[0].url.searchParams.get('username')).toBe('trail_ada');

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Add your pictures' })).toBeInTheDocument();
    expect(called('PUT /my/username')[0].body).toEqual({ username: 'trail_ada' });
    expect(router.state.location.search).toBe('?step=2');
  });

  it("says 'Username not available' and does not save a taken name", async () => {
    const user = signedIn(buildUser({ username: null }));
    const { called } = mockFetch({
      'GET /my/profile': () => json(200, user),
      'GET /username': () => json(200, { username: 'taken_name', available: false }),
    });
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Username'), 'taken_name');
    expect(await screen.findByText('Username not available', { selector: 'p' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Username not available');
    expect(called('PUT /my/username')).toHaveLength(0);
  });

  it('does not ask the server about a name that breaks the rules', async () => {
    const user = signedIn(buildUser({ username: null }));
    const { called } = mockFetch({ 'GET /my/profile': () => json(200, user) });
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Username'), '9lives');
    await new Promise((r) => setTimeout(r, 400));
    expect(called('GET /username')).toHaveLength(0);
  });
});

describe('Sign-up, steps 2 to 4', () => {
  it('starts a signed-in user with a username at step 2, with skip and a disabled go back', async () => {
    const user = signedIn();
    mockFetch({ 'GET /my/profile': () => json(200, user) });
    const { router } = renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Add your pictures' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?step=2'));
    expect(screen.getByRole('button', { name: 'Go back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: SKIP }));
    expect(await screen.findByRole('heading', { name: 'Tell us about you' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=3');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Add your pictures' })).toBeInTheDocument();
  });

  it("refuses images over 10MB with 'File size must be less than 10MB' and uploads the rest", async () => {
    const user = signedIn();
    const { called } = mockFetch({
      'GET /my/profile': () => json(200, user),
      'PUT /my/profile/picture': () => json(200, { ...user, profilePicture: '/api/assets/me.png' }),
    });
    renderApp('/signup?step=2');
    const picture = await screen.findByLabelText('Upload profile picture');
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    await userEvent.upload(picture, huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('File size must be less than 10MB');
    expect(called('PUT /my/profile/picture')).toHaveLength(0);

    await userEvent.upload(picture, new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(called('PUT /my/profile/picture')).toHaveLength(1));
    expect((called('PUT /my/profile/picture')[0].body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('saves link, bio and location with a remaining counter, then shows the claim-gear step', async () => {
    const user = signedIn();
    const { called } = mockFetch({
      'GET /my/profile': () => json(200, user),
      'PATCH /my/profile': () => json(200, { ...user, bio: 'Trail runner' }),
    });
    renderApp('/signup?step=3');
    const bio = await screen.findByLabelText('Bio');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(screen.getByText('300 characters left')).toBeInTheDocument();
    await userEvent.type(bio, '   ');
    expect(next).toBeDisabled();
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Trail runner');
    expect(screen.getByText('288 characters left')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Link'), 'ada.dev');
    await userEvent.click(next);
    expect(await screen.findByRole('heading', { name: 'Claim your gear' })).toBeInTheDocument();
    expect(called('PATCH /my/profile')[0].body).toEqual({ custom_link: 'ada.dev', biography: 'Trail runner', location: '' });
  });

  it('finishes at /profile, and skip on the last step goes there too', async () => {
    const user = signedIn();
    mockFetch({ 'GET /my/profile': () => json(200, user) });
    const first = renderApp('/signup?step=4');
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/profile'));
    first.unmount();

    const second = renderApp('/signup?step=4');
    await userEvent.click(await screen.findByRole('button', { name: SKIP }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/profile'));
  });

  it('follows the step parameter between optional steps but not back to the username', async () => {
    const user = signedIn();
    mockFetch({ 'GET /my/profile': () => json(200, user) });
    const { router } = renderApp('/signup?step=3');
    await screen.findByRole('heading', { name: 'Tell us about you' });
    await router.navigate('/signup?step=4');
    expect(await screen.findByRole('heading', { name: 'Claim your gear' })).toBeInTheDocument();
    await router.navigate('/signup?step=1');
    await waitFor(() => expect(router.state.location.search).toBe('?step=4'));
    expect(screen.getByRole('heading', { name: 'Claim your gear' })).toBeInTheDocument();
  });
});
