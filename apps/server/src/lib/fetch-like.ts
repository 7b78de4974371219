/** `fetch` as outside services (SMS, bot check) are called, injectable so tests never leave the machine. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;
