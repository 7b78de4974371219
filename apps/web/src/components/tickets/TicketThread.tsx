import { Download, Lock, Paperclip } from 'lucide-react';
import { useRoute } from '../../lib/route';
import { formatSize } from '../../lib/size';
import { Card } from '../ui/Card';
import { JalaliTime } from '../ui/JalaliTime';

export interface ThreadAttachment {
  id: string;
  name: string;
  mime: string;
  size: number;
}

export interface ThreadMessageView {
  id: number;
  author: 'customer' | 'staff';
  author_name: string | null;
  body: string;
  created_at: string;
  attachments: ThreadAttachment[];
  /** Staff view only: a note customers never see. */
  internal?: boolean;
}

/** A message's files, each a download through `tickets.attachments.show`. */
export function AttachmentLinks({ files }: { files: ThreadAttachment[] }) {
  const route = useRoute();
  if (files.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="پیوست‌ها">
      {files.map((file) => (
        <li key={file.id} className="min-w-0 max-w-full">
          <a
            href={route('tickets.attachments.show', { attachment: file.id })}
            download
            className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-gray-200 bg-white px-2.5 py-1 text-sm text-brand-700 hover:bg-gray-50"
          >
            <Paperclip aria-hidden="true" className="size-4 shrink-0" />
            <bdi className="min-w-0 truncate">{file.name}</bdi>
            <span className="shrink-0 text-xs text-gray-500">{formatSize(file.size)}</span>
            <Download aria-hidden="true" className="size-3.5 shrink-0 text-gray-400" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A ticket's conversation, oldest first, for the customer (`viewer="customer"`: «شما» and
 * «پشتیبانی») or for staff (the customer's name, colleagues by name, internal notes marked).
 */
export function TicketThread({
  messages,
  viewer,
  customerName,
}: {
  messages: ThreadMessageView[];
  viewer: 'customer' | 'staff';
  customerName?: string | null;
}) {
  return (
    <ol className="grid gap-3" aria-label="پیام‌های تیکت">
      {messages.map((m) => {
        const who =
          m.author === 'customer'
            ? viewer === 'customer'
              ? 'شما'
              : (m.author_name ?? customerName ?? 'مشتری')
            : viewer === 'customer'
              ? `پشتیبانی${m.author_name ? ` (${m.author_name})` : ''}`
              : (m.author_name ?? 'پشتیبانی');
        const tone = m.internal
          ? 'border-amber-300 bg-amber-50'
          : m.author === 'staff'
            ? 'border-brand-200 bg-brand-50/40'
            : '';
        const side = m.author === 'staff' ? 'me-4 sm:me-16' : 'ms-4 sm:ms-16';
        return (
          <li key={m.id} data-internal={m.internal ? 'true' : undefined}>
            <Card className={`p-4 ${tone} ${side}`}>
              <p className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="flex items-center gap-2 font-semibold text-gray-900">
                  {who}
                  {m.internal && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium text-amber-900">
                      <Lock aria-hidden="true" className="size-3" />
                      یادداشت داخلی
                    </span>
                  )}
                </span>
                <span className="text-xs text-gray-500">
                  {/* The hour too: a conversation is read by when each answer came. */}
                  <JalaliTime value={m.created_at} style="datetime" />
                </span>
              </p>
              <p className="whitespace-pre-line break-words text-gray-800">{m.body}</p>
              <AttachmentLinks files={m.attachments} />
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
