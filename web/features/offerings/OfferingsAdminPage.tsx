import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { formatPrice } from '@common/rules';
import type { AdminOffering } from '@common/schemas/offerings';
import { errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { PageFrame } from '../../ui/PageFrame';
import { SortableList } from '../../ui/SortableList';
import { Toast, useNotify } from '../../ui/Toast';
import { LOAD_FAILED, useAdminOfferings, useDeleteOffering, useReorderOfferings, useSaveOffering } from './api';
import { OfferingFormDialog } from './OfferingFormDialog';
import styles from './offerings.module.css';

/**
 * The admin's catalogue: every offering in the order visitors see them (drag to reorder), published or draft,
 * with Add, Edit, Publish/Unpublish and Delete.
 */
export default function OfferingsAdminPage() {
  const notify = useNotify();
  const list = useAdminOfferings();
  const save = useSaveOffering();
  const reorder = useReorderOfferings();
  const remove = useDeleteOffering();
  const [editing, setEditing] = useState<AdminOffering | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminOffering | null>(null);
  // The order shown while a new one is being saved, so the dropped item stays where it was dropped.
  const [order, setOrder] = useState<AdminOffering[] | null>(null);

  const togglePublished = async (o: AdminOffering) => {
    try {
      const saved = await save.mutateAsync({ id: o.id, body: { published: !o.published } });
      notify.success(saved.message);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save offering'));
    }
  };
  const saveOrder = async (next: AdminOffering[]) => {
    setOrder(next);
    try {
      await reorder.mutateAsync(next.map((o) => o.id));
      notify.success('Order saved');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save the order'));
    } finally {
      setOrder(null);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const done = await remove.mutateAsync(deleting.id);
      notify.success(done.message);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete offering'));
    }
    setDeleting(null);
  };

  const offerings = order ?? list.data;
  return (
    <PageFrame
      eyebrow="Administration"
      title="Course Catalogue"
      lead="What visitors can buy, in the order the public pages show it. Drag the handles to reorder."
      actions={
        <Button icon={Plus} onClick={() => setEditing('new')}>
          Add Offering
        </Button>
      }
    >
      <Toast notice={notify.notice} />
      {list.isPending ? (
        <PageState kind="loading" title="Loading offerings..." />
      ) : list.isError ? (
        <PageState
          kind="error"
          title={errorMessage(list.error, LOAD_FAILED)}
          action={<Button onClick={() => void list.refetch()}>Try Again</Button>}
        />
      ) : !offerings?.length ? (
        <EmptyState title="No offerings yet" text="Add the first course visitors can buy." />
      ) : (
        <SortableList
          label="Offerings"
          items={offerings}
          itemKey={(o) => o.id}
          itemLabel={(o) => o.title}
          disabled={reorder.isPending}
          onReorder={(next) => void saveOrder(next)}
          renderItem={(o) => (
            <div className={styles.item}>
              {o.imageUrl ? <img src={o.imageUrl} alt="" className={styles.thumb} /> : null}
              <div className={styles.main}>
                <strong>{o.title}</strong>
                <span className={styles.meta}>
                  {o.programName} · {o.gradeBand} · <Link to={paths.offering.href(o.slug)}>/offerings/{o.slug}</Link>
                </span>
              </div>
              <span className={styles.price}>{formatPrice(o.priceMinor, o.currency)}</span>
              <Badge tone={o.published ? 'success' : 'muted'}>{o.published ? 'Published' : 'Draft'}</Badge>
              <div className={styles.actions}>
                <Button
                  size="sm"
                  variant="secondary"
                  icon={o.published ? EyeOff : Eye}
                  disabled={save.isPending}
                  onClick={() => void togglePublished(o)}
                  aria-label={`${o.published ? 'Unpublish' : 'Publish'} ${o.title}`}
                >
                  {o.published ? 'Unpublish' : 'Publish'}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  icon={Pencil}
                  onClick={() => setEditing(o)}
                  aria-label={`Edit ${o.title}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  icon={Trash2}
                  onClick={() => setDeleting(o)}
                  aria-label={`Delete ${o.title}`}
                >
                  Delete
                </Button>
              </div>
            </div>
          )}
        />
      )}
      {editing ? (
        <OfferingFormDialog
          offering={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            notify.success(message);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Offering"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Delete &ldquo;{deleting?.title}&rdquo;? It leaves the public catalogue at once. The courses and saved tests it
          grants stay.
        </p>
      </ConfirmDialog>
    </PageFrame>
  );
}
