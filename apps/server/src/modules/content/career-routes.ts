import { ValidationError } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { acceptUploads, singleUpload } from '../../http/multipart';
import { namedRoute } from '../../http/named-route';
import { requestContext } from '../../http/route-helpers';
import { UploadError } from '../../http/upload-error';
import { cleanFileName, nameForType, sniffFile } from '../../lib/files';
import { faDuration } from '../../lib/persian';
import { requireHuman } from '../botcheck';
import type { NewAttachment } from '../support';
import { contactSchema } from '../support';

/** docs/screens.md §1: a résumé is one PDF of at most 5 MB. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
/** As many applications as contact messages: three per 10 minutes from one IP. */
export const CAREER_LIMIT = { perIp: 3, windowSeconds: 10 * 60 } as const;
export const CAREER_DEPARTMENT = 'همکاری';

const careerSchema = contactSchema.pick({ name: true, contact: true, captcha_token: true }).extend({
  position: z
    .string({ error: 'عنوان شغل را بنویسید.' })
    .transform((v) => v.trim())
    .pipe(z.string().min(2, 'عنوان شغل را بنویسید.').max(120, 'عنوان شغل حداکثر ۱۲۰ نویسه است.')),
  message: z
    .string()
    .nullish()
    .transform((v) => v?.replace(/\r\n?/g, '\n').trim() ?? '')
    .pipe(z.string().max(3000, 'متن معرفی حداکثر ۳٬۰۰۰ نویسه است.')),
});

/**
 * `career.store`: an application from the Career page becomes a guest ticket (department
 * «همکاری») through the support service, as the contact form does, and staff are mailed by it.
 * The résumé must be a PDF by its bytes (≤ 5 MB); it becomes the ticket message's attachment
 * (stored by the support service under a random key), which staff open from the thread like any
 * other (`tickets.attachments.show`: staff only, as a guest ticket has no owner).
 */
export async function careerRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const { limiter, support } = app.services;

  await app.register(async (scope) => {
    const { preValidation } = await acceptUploads(scope, {
      fileSize: RESUME_MAX_BYTES,
      files: 2,
      maxRequestBytes: RESUME_MAX_BYTES + 256 * 1024,
    });
    namedRoute(
      scope,
      registry,
      { name: 'career.store', method: 'POST', uri: '/career', access: 'anyone', errorField: 'resume' },
      async (request, reply) => {
        await requireHuman(request, 'contact');
        // Every field's problem at once: the file and the text fields.
        const errors: Record<string, string> = {};
        let input: z.output<typeof careerSchema> | undefined;
        let resume: NewAttachment | null = null;
        try {
          input = await request.validate(careerSchema);
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          Object.assign(errors, error.errors);
        }
        try {
          const file = singleUpload(request, 'resume', { tooLarge: 'رزومه باید حداکثر ۵ مگابایت باشد.' });
          const sniffed = file ? sniffFile(file.bytes) : null;
          if (!file) errors.resume = 'رزومه را به صورت PDF پیوست کنید.';
          else if (sniffed?.kind !== 'pdf') errors.resume = 'رزومه باید فایل PDF باشد.';
          else {
            // The sender's name if it is a fit one (Persian kept), else a plain «رزومه.pdf».
            const name = nameForType(cleanFileName(file.filename) ?? 'رزومه', sniffed);
            resume = { name, mime: sniffed.mime, bytes: file.bytes };
          }
        } catch (error) {
          if (!(error instanceof UploadError)) throw error;
          errors.resume = error.message;
        }
        if (Object.keys(errors).length || !input || !resume) throw new ValidationError(errors);

        const limit = await limiter.hit(
          `career:ip:${request.ip}`,
          CAREER_LIMIT.perIp,
          CAREER_LIMIT.windowSeconds,
        );
        if (!limit.allowed) {
          throw new ValidationError({
            form: `در ده دقیقه بیش از سه درخواست نمی‌توان فرستاد؛ لطفاً ${faDuration(limit.retryAfter)} دیگر دوباره بفرستید.`,
          });
        }
        await support.openGuestTicket(
          {
            name: input.name,
            ...input.contact,
            department: CAREER_DEPARTMENT,
            subject: `درخواست همکاری: ${input.position}`,
            message: input.message || '(بدون متن معرفی؛ رزومه پیوست است.)',
            attachments: [resume],
          },
          requestContext(request),
        );
        request.session.flash('success', 'درخواست شما رسید؛ پس از بررسی رزومه با شما تماس می‌گیریم.');
        return reply.back(registry.url('career', {}, false));
      },
      { preValidation },
    );
  });
}
