import { PUSH_MESSAGES } from '@app/shared/notifications/push.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PushSettings } from './push-settings';

const STATUS = { preferences: { messages: true, deals: true, matches: false }, devices: 2 };

describe('PushSettings', () => {
  it('shows each kind’s switch as saved, saves a change, and says why this browser cannot have push', async () => {
    const api = mockApi({
      'GET /api/push/config': { available: true, publicKey: 'BPublicKey' },
      'GET /api/me/push': STATUS,
      'PUT /api/me/push': (request) => ({ preferences: request.body, devices: 2 }),
    });
    renderWithProviders(<PushSettings />);

    const messages = await screen.findByRole('switch', { name: 'New messages' });
    expect(messages).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Matches' })).not.toBeChecked();
    // jsdom has no Push API: the device row explains instead of offering a button that cannot work.
    expect(screen.getByText(/This browser cannot receive push notifications/)).toBeInTheDocument();
    expect(screen.getByText(/Push is on for 2 devices of your account\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Turn on for this device/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Matches' }));
    await waitFor(() =>
      expect(api.sent('PUT /api/me/push').map((r) => r.body)).toEqual([
        { messages: true, deals: true, matches: true },
      ]),
    );
    expect(await screen.findByRole('switch', { name: 'Matches' })).toBeChecked();
  });

  it('says so, and offers no switch, when the server sends no pushes', async () => {
    mockApi({
      'GET /api/push/config': { available: false, publicKey: null },
      'GET /api/me/push': STATUS,
    });
    renderWithProviders(<PushSettings />);
    expect(await screen.findByText(PUSH_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
