import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import styles from './DragColumns.module.css';

export interface DragColumn<T> {
  /** Stable id, such as 'assigned'. */
  id: string;
  /** The column's heading, also what screen readers hear as the drop target ('Assigned units'). */
  title: string;
  items: readonly T[];
  /** Search and filters above the list. */
  tools?: ReactNode;
  /** Shown when the column has no item. */
  empty: ReactNode;
}

export interface DragColumnsProps<T> {
  /** Names the whole group for screen readers ('Units of Ada'). */
  label: string;
  columns: ReadonlyArray<DragColumn<T>>;
  itemKey(item: T): string;
  /** The item's name as spoken and as shown while it is dragged. */
  itemLabel(item: T): string;
  /** The item's content beside its handle: its text and its quick buttons. */
  renderItem(item: T, columnId: string): ReactNode;
  /** False while the item cannot move (a change of it is under way). */
  canMove?(item: T): boolean;
  /** An item was dropped on another column. */
  onMove(item: T, fromColumn: string, toColumn: string): void;
}

interface Dragged<T> {
  item: T;
  from: string;
}

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * The keyboard moves a picked-up item from column to column rather than by pixels: an arrow key takes it to the
 * nearest column in that direction (beside on wide screens, above or below when the columns stack).
 */
const columnByColumn: KeyboardCoordinateGetter = (
  event,
  { context: { collisionRect, droppableRects, droppableContainers } },
) => {
  const direction = DIRECTIONS[event.code];
  if (!direction || !collisionRect) return undefined;
  event.preventDefault();
  const from = { x: collisionRect.left + collisionRect.width / 2, y: collisionRect.top + collisionRect.height / 2 };
  let best: { x: number; y: number; distance: number } | null = null;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    // Aim near the top of a tall column, where its first items are.
    const target = { x: rect.left + rect.width / 2, y: rect.top + Math.min(rect.height / 2, 48) };
    const dx = target.x - from.x;
    const dy = target.y - from.y;
    if (dx * direction[0] + dy * direction[1] <= 8) continue;
    const distance = Math.hypot(dx, dy);
    if (!best || distance < best.distance) best = { ...target, distance };
  }
  if (!best) return undefined;
  return { x: best.x - collisionRect.width / 2, y: best.y - collisionRect.height / 2 };
};

/** The pointer decides where it is; the keyboard, which has no pointer, by the dragged item's rectangle. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};

/**
 * Columns whose items move between them by drag and drop, with the mouse, touch or the keyboard: focus an item's
 * handle, Space or Enter picks it up, the arrow keys carry it to another column, Space or Enter drops it and
 * Escape puts it back; every step is announced. Each item also carries its own buttons (renderItem), so nothing
 * needs dragging.
 */
export function DragColumns<T>({
  label,
  columns,
  itemKey,
  itemLabel,
  renderItem,
  canMove = () => true,
  onMove,
}: DragColumnsProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }),
  );
  const [dragged, setDragged] = useState<Dragged<T> | null>(null);
  const titleOf = useMemo(() => new Map(columns.map((c) => [c.id, c.title])), [columns]);
  // The column the item was last said to be over: a pick-up starts over its own, which is not news.
  const lastOver = useRef<string | null>(null);

  const described = (data: unknown) => data as Dragged<T> | undefined;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const d = described(active.data.current);
      lastOver.current = d?.from ?? null;
      return d
        ? `Picked up ${itemLabel(d.item)} from ${titleOf.get(d.from)}. Use the arrow keys to move it to another column.`
        : undefined;
    },
    onDragOver: ({ active, over }) => {
      const d = described(active.data.current);
      const now = over ? String(over.id) : null;
      if (!d || now === lastOver.current) return undefined;
      lastOver.current = now;
      return over
        ? `${itemLabel(d.item)} is over ${titleOf.get(String(over.id))}.`
        : `${itemLabel(d.item)} is not over a column.`;
    },
    onDragEnd: ({ active, over }) => {
      const d = described(active.data.current);
      if (!d) return undefined;
      return over && over.id !== d.from
        ? `${itemLabel(d.item)} was dropped in ${titleOf.get(String(over.id))}.`
        : `${itemLabel(d.item)} was returned to ${titleOf.get(d.from)}.`;
    },
    onDragCancel: ({ active }) => {
      const d = described(active.data.current);
      return d ? `Moving ${itemLabel(d.item)} was cancelled. It stays in ${titleOf.get(d.from)}.` : undefined;
    },
  };

  const end = (event: DragEndEvent) => {
    setDragged(null);
    const d = described(event.active.data.current);
    const to = event.over ? String(event.over.id) : null;
    if (d && to && to !== d.from) onMove(d.item, d.from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this item, press Space or Enter to pick it up, use the arrow keys to carry it to another column, then press Space or Enter to drop it, or Escape to cancel.',
        },
      }}
      onDragStart={(event) => setDragged(described(event.active.data.current) ?? null)}
      onDragCancel={() => setDragged(null)}
      onDragEnd={end}
    >
      <div className={styles.columns} role="group" aria-label={label}>
        {columns.map((column) => (
          <Column
            key={column.id}
            column={column}
            itemKey={itemKey}
            itemLabel={itemLabel}
            renderItem={renderItem}
            canMove={canMove}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged ? <div className={styles.overlay}>{itemLabel(dragged.item)}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}

function Column<T>({
  column,
  itemKey,
  itemLabel,
  renderItem,
  canMove,
}: { column: DragColumn<T> } & Pick<DragColumnsProps<T>, 'itemKey' | 'itemLabel' | 'renderItem'> & {
    canMove(item: T): boolean;
  }) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  return (
    <section className={`${styles.column} ${isOver ? styles.over : ''}`} aria-label={column.title}>
      <h4 className={styles.title}>
        {column.title} <span className={styles.count}>({column.items.length})</span>
      </h4>
      {column.tools ? <div className={styles.tools}>{column.tools}</div> : null}
      <div ref={setNodeRef} className={styles.drop}>
        {column.items.length === 0 ? (
          <p className={styles.empty}>{column.empty}</p>
        ) : (
          <ul className={styles.list}>
            {column.items.map((item) => (
              <Item
                key={itemKey(item)}
                item={item}
                id={`${column.id}:${itemKey(item)}`}
                from={column.id}
                label={itemLabel(item)}
                disabled={!canMove(item)}
              >
                {renderItem(item, column.id)}
              </Item>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Item<T>({
  item,
  id,
  from,
  label,
  disabled,
  children,
}: {
  item: T;
  id: string;
  from: string;
  label: string;
  disabled: boolean;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id, data: { item, from }, disabled });
  return (
    <li ref={setNodeRef} className={`${styles.item} ${isDragging ? styles.dragging : ''}`}>
      <button
        type="button"
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={`Move ${label}`}
        disabled={disabled}
      >
        <GripVertical size={18} aria-hidden="true" />
      </button>
      <div className={styles.body}>{children}</div>
    </li>
  );
}
