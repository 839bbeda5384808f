import { useRef, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
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
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import styles from './SortableRows.module.css';

/** What a row's drag handle spreads on itself: pointer and keyboard (Space to lift, arrows to move, Space to drop). */
export type DragHandleProps = HTMLAttributes<HTMLElement> & { ref?: (element: HTMLElement | null) => void };

export interface SortableRowsProps<T> {
  /** The list's name, for screen readers. */
  label: string;
  items: readonly T[];
  itemId(item: T): string;
  /** How announcements name an item ("Question 3"). */
  itemLabel(item: T, index: number): string;
  renderItem(item: T, index: number, handle: DragHandleProps, dragging: boolean): ReactNode;
  onReorder(from: number, to: number): void;
  className?: string;
}

/**
 * SortableList's sibling for rows that place their own drag handle (the test builder's rows hold marks and buttons
 * around it) and report a move as from/to indexes. A vertical list reordered by drag or by keyboard (dnd-kit), each move announced to screen readers with the
 * item's new position. Rows render their own drag handle from `handle`, so their other buttons stay clickable.
 */
export function SortableRows<T>({
  label,
  items,
  itemId,
  itemLabel,
  renderItem,
  onReorder,
  className,
}: SortableRowsProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(itemId);
  const at = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : ids.indexOf(String(id)));
  const name = (id: UniqueIdentifier) => (at(id) >= 0 ? itemLabel(items[at(id)], at(id)) : 'Item');
  const position = (id: UniqueIdentifier | undefined) => `position ${at(id) + 1} of ${items.length}`;
  // Where the item was last said to be: the pick-up is not drowned by an "over" of the place it already holds.
  const said = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      said.current = active.id;
      return `Picked up ${name(active.id)}, at ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === said.current) return undefined;
      said.current = over?.id ?? null;
      return over
        ? `${name(active.id)} is over ${position(over.id)}.`
        : `${name(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at ${position(over.id)}.` : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; it stays at ${position(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = at(active.id);
    const to = at(over?.id);
    if (from >= 0 && to >= 0 && from !== to) onReorder(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this item, press Space, then the arrow keys, then Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} className={`${styles.list} ${className ?? ''}`}>
          {items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index]}>
              {(handle, dragging) => renderItem(item, index, handle, dragging)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  children,
}: {
  id: string;
  children(handle: DragHandleProps, dragging: boolean): ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style: CSSProperties = { transform: CSS.Transform.toString(transform), transition };
  const handle = { ...attributes, ...listeners, ref: setActivatorNodeRef } as DragHandleProps;
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? styles.dragging : undefined}>
      {children(handle, isDragging)}
    </li>
  );
}
