import { usePoll } from '@renderfarm/react';
import type { AdminNodesListProps, RenderNodeView } from '@server/modules/render/contracts';
import { Plus, Server } from 'lucide-react';
import { linkColumn } from '../../../components/list/columns';
import { ListPage } from '../../../components/list/ListPage';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** Nodes report over HTTP, not realtime: the list asks again this often while it is open. */
const POLL_MS = 10_000;

/**
 * `admin.nodes.list` «نودهای رندر»: every render node with its status (idle, busy, offline,
 * asleep, disabled), current task, Blender version, cores, last seen and failures, kept live.
 */
export default function NodeList({ nodes }: AdminNodesListProps) {
  const route = useRoute();
  usePoll(POLL_MS, { only: ['nodes'] });
  const columns: Column<RenderNodeView>[] = [
    linkColumn(
      'name',
      'نود',
      (node) => route('admin.nodes.edit', { node: node.uuid }),
      (node) => node.name,
    ),
    {
      key: 'status',
      label: 'وضعیت',
      render: (node) => <StatusBadge kind="render_node" state={node.status} />,
    },
    {
      key: 'task',
      label: 'کار فعلی',
      render: (node) =>
        node.current_task ? node.current_task.job.name : <span className="text-gray-500">—</span>,
    },
    { key: 'blender', label: 'Blender', render: (node) => <Ltr>{node.blender_version ?? '—'}</Ltr> },
    {
      key: 'cores',
      label: 'هسته',
      numeric: true,
      render: (node) => (node.cores ? formatNumber(node.cores) : '—'),
    },
    {
      key: 'seen',
      label: 'آخرین پاسخ',
      render: (node) =>
        node.last_seen_at ? (
          <JalaliTime value={node.last_seen_at} relative />
        ) : (
          <span className="text-gray-500">هرگز</span>
        ),
    },
    {
      key: 'failures',
      label: 'خطاها',
      numeric: true,
      render: (node) => (
        <span className={node.failures > 0 ? 'text-red-700' : ''}>{formatNumber(node.failures)}</span>
      ),
    },
  ];
  return (
    <ListPage
      title="نودهای رندر"
      description="ماشین‌هایی که رندرها را می‌گیرند؛ نودی که ۲ دقیقه پاسخ ندهد بی‌پاسخ شمرده می‌شود."
      make={{ href: route('admin.nodes.make'), label: 'نود تازه', icon: Plus }}
      columns={columns}
      rows={nodes}
      rowKey={(node) => node.uuid}
      empty={{
        icon: Server,
        title: 'هنوز نودی ثبت نشده است',
        description: 'با «نود تازه» یک توکن ثبت بسازید و فرمانش را روی ماشین رندر اجرا کنید.',
      }}
    />
  );
}
