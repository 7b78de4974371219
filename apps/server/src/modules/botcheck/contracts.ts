/** What the ALTCHA challenge route answers (ALTCHA's published format); the web's widget reads it. */
export interface AltchaChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}
