import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { drawDemoPapers } from './demo-papers';
import { verificationDocuments, verificationRequests } from './tables';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

/** Width, height and whether the pixel data inflates to exactly what they promise (RGB, 8-bit). */
function readPng(bytes: Buffer): { width: number; height: number; complete: boolean } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
    true,
  );
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9]]).toEqual([8, 2]);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  return { width, height, complete: raw.length === height * (width * 3 + 1) };
}

/**
 * The demo data's identity checks: every waiting request (and every other one) carries the papers
 * its kind needs, stored and readable by the reviewer, as small real pictures, the selfie holding
 * that request's own words; so care can approve any of them, as a real one.
 */
describe(`the demo identity checks (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: T;
  let care: TestBrowser;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.80.0.3' });
    // A busy machine can take minutes to migrate, seed and start the app: wait for it.
  }, 300_000);
  afterAll(() => t.close());

  it('gives every request its papers, stored, readable and drawn for it', async () => {
    const requests = await db().select().from(verificationRequests).orderBy(asc(verificationRequests.id));
    const waiting = requests.filter((r) => r.status === 'submitted' || r.status === 'under_review');
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    expect(waiting.some((r) => r.type === 'legal')).toBe(true);

    for (const request of requests) {
      const review = await t.app.services.verification.review(request.id);
      expect(review.approval.missing, `request ${request.id}`).toEqual([]);
      const papers = await db()
        .select()
        .from(verificationDocuments)
        .where(eq(verificationDocuments.requestId, request.id));
      const drawn = drawDemoPapers(
        {
          type: request.type,
          firstName: request.firstName ?? '',
          lastName: request.lastName ?? '',
          nationalCode: request.nationalCode ?? '',
          birthDate: request.birthDate ?? '',
          selfieText: request.selfieText,
          companyName: request.companyName,
          companyNationalId: request.companyNationalId,
          companyRegistrationNo: request.companyRegistrationNo,
        },
        papers.map((p) => p.kind),
      );
      for (const paper of papers) {
        const res = await care.request('GET', `/care/verify/${request.id}/documents/${paper.uuid}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        const bytes = res.rawPayload;
        expect(bytes.length).toBe(paper.size);
        expect(bytes.length).toBeLessThan(50 * 1024);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(paper.sha256);
        // What was drawn for this request (the selfie: its own words), byte for byte.
        expect(bytes.equals(drawn.find((d) => d.kind === paper.kind)!.bytes)).toBe(true);
        const png = readPng(bytes);
        expect(png.complete).toBe(true);
        expect(Math.min(png.width, png.height)).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('lets care approve a waiting demo request as it stands', async () => {
    const [waiting] = await db()
      .select()
      .from(verificationRequests)
      .where(inArray(verificationRequests.status, ['submitted']))
      .orderBy(asc(verificationRequests.id))
      .limit(1);
    await care.post(`/care/verify/${waiting!.id}/claim`);
    const page = await care.page(`/care/verify/${waiting!.id}`);
    expect(page.props.can).toMatchObject({ decide: true, approve: true });
    await care.request(
      'PATCH',
      `/care/verify/${waiting!.id}`,
      { decision: 'approve' },
      { referer: `/care/verify/${waiting!.id}` },
    );
    const [after] = await db()
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, waiting!.id));
    expect(after!.status).toBe('approved');
  });
});
