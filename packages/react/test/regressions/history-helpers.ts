import { screen } from '@testing-library/react';

/** Browser Back, then wait for the heading of the page it should land on. */
export async function back(expectedHeading: string): Promise<void> {
  window.history.back();
  await screen.findByRole('heading', { name: expectedHeading });
}
