import { DomainError } from '../../lib/domain-error';

/** Every error code of render jobs (stable; the message is Persian and safe to show). */
export const RENDER_ERROR_CODES = {
  RF_RENDER_NOT_FOUND: 404,
  RF_RENDER_SCENE: 422,
  RF_RENDER_SETTINGS: 422,
  RF_RENDER_KYC: 403,
  RF_RENDER_BALANCE: 422,
  RF_RENDER_ACTION: 409,
  RF_RENDER_NOT_CHECKED: 409,
} as const;

export type RenderErrorCode = keyof typeof RENDER_ERROR_CODES;

export class RenderError extends DomainError {
  declare readonly code: RenderErrorCode;
  constructor(code: RenderErrorCode, message: string, field?: string, details?: Record<string, unknown>) {
    super(code, message, { status: RENDER_ERROR_CODES[code], field, details });
  }
}

export const jobNotFound = () => new RenderError('RF_RENDER_NOT_FOUND', 'این رندر پیدا نشد.');

/**
 * A refusal on the node protocol: the status and the JSON body the node reads
 * (docs/decisions/0014-render-node-protocol.md), e.g. 409 `{cancel: true}` for a task it does not hold.
 */
export class NodeProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error ?? body.message ?? status));
    this.name = 'NodeProtocolError';
  }
}

/** The node asked about a task it does not hold (finished, handed to another node, cancelled). */
export const notHeld = () => new NodeProtocolError(409, { error: 'not_held', cancel: true });
