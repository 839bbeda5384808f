import { useMemo, useRef, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import styles from './SortableList.module.css';

export interface SortableListProps<T> {
  /** The list's accessible name. */
  label: string;
  items: readonly T[];
  itemKey(item: T): string;
  /** How the item is named to screen readers, on its handle and in what is announced ("question 2: ..."). */
  itemLabel(item: T): string;
  /** The item's content beside its handle: buttons inside it stay usable, only the handle drags. */
  renderItem(item: T, index: number): ReactNode;
  /** The whole list in its new order, after a drop that moved an item. */
  onReorder(next: T[]): void;
  /** While the order is being saved, or when it may not change. */
  disabled?: boolean;
}

export const SORT_INSTRUCTIONS =
  'To move an item, focus its handle and press Space or Enter to pick it up. Use the up and down arrow keys to move it, ' +
  'Space or Enter to drop it in its new place, or Escape to put it back.';

/**
 * A list whose items are put in order by dragging their handle, with the mouse, by touch or with the keyboard
 * alone (dnd-kit): each pick-up, move and drop is announced with the item's name and its position.
 */
export function SortableList<T>({
  label,
  items,
  itemKey,
  itemLabel,
  renderItem,
  onReorder,
  disabled = false,
}: SortableListProps<T>) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = useMemo(() => items.map(itemKey), [items, itemKey]);
  // dnd-kit reports the place an item is picked up from as a move too: only a new place is announced.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements = useMemo<Announcements>(() => {
    const name = (id: UniqueIdentifier) => {
      const index = keys.indexOf(String(id));
      return index < 0 ? 'The item' : itemLabel(items[index]);
    };
    const position = (id: UniqueIdentifier | undefined) => `position ${keys.indexOf(String(id)) + 1} of ${keys.length}`;
    return {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return `Picked up ${name(active.id)}. It is in ${position(active.id)}.`;
      },
      onDragOver: ({ active, over }) => {
        if ((over?.id ?? null) === lastOver.current) return undefined;
        lastOver.current = over?.id ?? null;
        return over
          ? `${name(active.id)} was moved into ${position(over.id)}.`
          : `${name(active.id)} is no longer over the list.`;
      },
      onDragEnd: ({ active, over }) =>
        over ? `${name(active.id)} was dropped at ${position(over.id)}.` : `${name(active.id)} was put back.`,
      onDragCancel: ({ active }) => `Moving was cancelled. ${name(active.id)} was put back in ${position(active.id)}.`,
    };
  }, [items, keys, itemLabel]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...items], from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SORT_INSTRUCTIONS } }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className={styles.list} aria-label={label}>
          {items.map((item, index) => (
            <SortableItem key={keys[index]} id={keys[index]} label={itemLabel(item)} disabled={disabled}>
              {renderItem(item, index)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  label,
  disabled,
  children,
}: {
  id: string;
  label: string;
  disabled: boolean;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      className={`${styles.item} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        {...attributes}
        {...listeners}
        // dnd-kit names the handle "sortable"; the label says which item it moves.
        aria-label={`Move ${label}`}
      >
        <GripVertical size={18} aria-hidden="true" />
      </button>
      <div className={styles.content}>{children}</div>
    </li>
  );
}
