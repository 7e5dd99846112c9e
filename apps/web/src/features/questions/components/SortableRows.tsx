import { HolderOutlined } from '@ant-design/icons';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  KeyboardSensor,
  type Modifier,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Tooltip, theme } from 'antd';
import {
  type CSSProperties,
  createContext,
  type HTMLAttributes,
  type ReactNode,
  type SyntheticEvent,
  useContext,
} from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Question rows reordered with dnd-kit: drag a row with the mouse, press and hold it on a touch screen (a
 * swipe still scrolls), or focus its handle and use the keyboard (space picks up, arrows move, space drops,
 * escape cancels). A drop calls `onMove(from, to)` with the rows' indexes.
 */

/** A press on a control in the row (checkbox, button, link) is a click, not the start of a drag. */
function onControl(target: EventTarget | null) {
  const control =
    target instanceof Element ? target.closest('button, a, input, label, .ant-checkbox-wrapper') : null;
  return control !== null && !control.hasAttribute('data-drag-handle');
}

/** The sensor's activators, skipping presses that start on a control. */
function outsideControls<N extends string, E extends SyntheticEvent, O>(
  activators: { eventName: N; handler: (event: E, options: O) => boolean }[],
) {
  return activators.map(({ eventName, handler }) => ({
    eventName,
    handler: (event: E, options: O) => !onControl(event.nativeEvent.target) && handler(event, options),
  }));
}

// No distance threshold for the mouse: a row has no click of its own, and the drag follows at once.
class RowMouseSensor extends MouseSensor {
  static override activators = outsideControls(MouseSensor.activators);
}

class RowTouchSensor extends TouchSensor {
  static override activators = outsideControls(TouchSensor.activators);
}

/** Rows move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface SortableRowsProps {
  /** The rows' keys, in table order. */
  ids: number[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

export function SortableRows({ ids, onMove, children }: SortableRowsProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(RowMouseSensor),
    useSensor(RowTouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('questions.drag.start', { n: position(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('questions.drag.over', { n: position(active.id), to: position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      t('questions.drag.end', { n: position(active.id), to: position(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t('questions.drag.cancel', { n: position(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && over.id !== active.id) onMove(position(active.id) - 1, position(over.id) - 1);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('questions.drag.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** What a row hands its drag handle: the keyboard only picks a row up from its handle. */
const HandleContext = createContext<{
  ref?: (element: HTMLElement | null) => void;
  attributes?: DraggableAttributes;
}>({});

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: number };

function SortableRow(props: RowProps & { rowId: number }) {
  const { rowId, ...row } = props;
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: rowId });
  const style: CSSProperties = {
    ...row.style,
    transform: CSS.Translate.toString(transform),
    transition,
    cursor: 'grab',
    ...(isDragging && { position: 'relative', zIndex: 2, background: token.colorBgElevated }),
  };
  return (
    <HandleContext.Provider value={{ ref: setActivatorNodeRef, attributes }}>
      <tr {...row} ref={setNodeRef} style={style} {...listeners} />
    </HandleContext.Provider>
  );
}

/** The table's body row: sortable when it is a data row (antd also renders e.g. the empty-list row). */
function BodyRow(props: RowProps) {
  const id = props['data-row-key'];
  return id === undefined ? <tr {...props} /> : <SortableRow {...props} rowId={id} />;
}

/** antd Table `components` for sortable body rows; use inside SortableRows. */
export const sortableRowComponents = { body: { row: BodyRow } };

/** The handle cell's content: focus it and press space to move the row with the arrow keys. */
export function DragHandle({ n }: { n: number }) {
  const { t } = useTranslation();
  const { ref, attributes } = useContext(HandleContext);
  return (
    <Tooltip title={t('questions.dragHint')}>
      <Button
        ref={ref}
        {...attributes}
        data-drag-handle
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={t('questions.drag.handle', { n })}
        style={{ cursor: 'grab' }}
      />
    </Tooltip>
  );
}
