/** The message a form field shows: its accessible description, where Mantine puts the error (and the hint). */
export const messageOf = (input: HTMLElement): string =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
