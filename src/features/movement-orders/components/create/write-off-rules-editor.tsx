import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { controlId } from './movement-fields';
import { sameErrors } from '../../model/create/order-check';
import { emptyRule, type MovementDraft, type RuleDraft, type RuleField } from '../../model/create/order-draft';
import { writeOffRuleSentence } from '../../model/create/write-off-sentence';
import { validationText } from '../../model/create/validation-text';

interface Props {
  index: number;
  rules: readonly RuleDraft[];
  errors: ReadonlyMap<string, string>;
  onChange: (index: number, change: (m: MovementDraft) => MovementDraft) => void;
}

/** The drag handle's sign; its name is its aria-label. */
const HANDLE = '⠿';

/** Free and Bonded are the service's customs statuses, shown as it writes them. */
const statusOptions = (t: TFunction<'movementOrders'>) => [
  { value: '', label: t('rules.anyStatus') },
  { value: 'Free', label: 'Free' },
  { value: 'Bonded', label: 'Bonded' },
];
const originOptions = (t: TFunction<'movementOrders'>) => [
  { value: '', label: t('rules.noConstraint') },
  { value: 'true', label: t('writeOff.preferentialOrigin') },
  { value: 'false', label: t('rules.notPreferential') },
];

interface RuleItemProps {
  movement: number;
  position: number;
  count: number;
  rule: RuleDraft;
  errors: ReadonlyMap<string, string>;
  set: (position: number, field: RuleField, value: string) => void;
  move: (from: number, to: number) => void;
  remove: (position: number) => void;
}

function RuleItem({ movement, position, count, rule, errors, set, move, remove }: RuleItemProps) {
  const { t } = useTranslation('movementOrders');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: rule.key });
  const key = (field: RuleField) => `${movement}.writeOffRules.${position}.${field}`;
  const sentence = writeOffRuleSentence(rule, t);
  const error = (field: RuleField) => validationText(errors.get(key(field)), t);
  const text = (field: RuleField, label: string, description?: string) => (
    <TextInput
      id={controlId(key(field))}
      label={label}
      description={description}
      value={rule[field]}
      onChange={(e) => set(position, field, e.currentTarget.value)}
      error={error(field)}
      autoComplete="off"
    />
  );
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p="sm"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        listStyle: 'none',
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
      }}
      data-testid="write-off-rule"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <UnstyledButton
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('rules.drag', { n: String(position + 1), sentence })}
            style={{
              cursor: 'grab',
              padding: '0 6px',
              fontSize: 20,
              lineHeight: 1.2,
              border: '1px solid var(--mantine-color-gray-5)',
              borderRadius: 4,
            }}
          >
            {HANDLE}
          </UnstyledButton>
          <Text fw={600} data-testid="write-off-rule-sentence">
            {position + 1}. {sentence}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => move(position, position - 1)}
            disabled={position === 0}
            aria-label={t('rules.up', { n: String(position + 1) })}
          >
            ↑
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => move(position, position + 1)}
            disabled={position === count - 1}
            aria-label={t('rules.down', { n: String(position + 1) })}
          >
            ↓
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            c="red.9"
            onClick={() => remove(position)}
            aria-label={t('rules.remove', { n: String(position + 1) })}
          >
            {t('editor.remove')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <NativeSelect
          id={controlId(key('customsStatus'))}
          label={t('writeOff.customsStatus')}
          data={statusOptions(t)}
          value={rule.customsStatus}
          onChange={(e) => set(position, 'customsStatus', e.currentTarget.value)}
          error={error('customsStatus')}
        />
        <NativeSelect
          id={controlId(key('isOfPreferentialOrigin'))}
          label={t('writeOff.preferentialOrigin')}
          data={originOptions(t)}
          value={rule.isOfPreferentialOrigin}
          onChange={(e) => set(position, 'isOfPreferentialOrigin', e.currentTarget.value)}
        />
        {text('preferentialOriginCountry', t('writeOff.preferentialOriginCountry'), t('rules.countryExample', { example: 'DE' }))}
        {text('nonPreferentialOriginCountry', t('writeOff.nonPreferentialOriginCountry'), t('rules.countryExample', { example: 'CN' }))}
        {text('inboundDocRefNum', t('rules.inboundMrn'))}
        {text('inboundFunctionRefNum', t('rules.inboundLrn'), t('rules.inboundLrnHelp'))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * Write-off rules (RFFC and ADJN) as an ordered list: stock is released rule by rule in this order,
 * so each rule reads as a sentence and the list is reordered by dragging the handle, by keyboard on
 * the handle (Space, arrows, Space; announced to screen readers), or with the up and down buttons.
 */
function WriteOffRulesEditorInner({ index, rules, errors, onChange }: Props) {
  const { t } = useTranslation('movementOrders');
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const setRules = (fn: (rules: readonly RuleDraft[]) => RuleDraft[]) =>
    onChange(index, (m) => ({ ...m, writeOffRules: fn(m.writeOffRules) }));
  const set = (position: number, field: RuleField, value: string) =>
    setRules((rs) => rs.map((r, i) => (i === position ? { ...r, [field]: value } : r)));
  const move = (from: number, to: number) => setRules((rs) => (to < 0 || to >= rs.length ? [...rs] : arrayMove([...rs], from, to)));
  const remove = (position: number) => setRules((rs) => rs.filter((_, i) => i !== position));

  const positionOf = (id: UniqueIdentifier) => rules.findIndex((r) => r.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('rules.pickedUp', { n: String(positionOf(active.id)) }),
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? t('rules.over', { n: String(positionOf(active.id)), position: String(positionOf(over.id)) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('rules.dropped', { n: String(positionOf(active.id)), position: String(positionOf(over.id)) }) : undefined,
    onDragCancel: ({ active }) => t('rules.cancelled', { n: String(positionOf(active.id)) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setRules((rs) => {
      const from = rs.findIndex((r) => r.key === active.id);
      const to = rs.findIndex((r) => r.key === over.id);
      return from < 0 || to < 0 ? [...rs] : arrayMove([...rs], from, to);
    });
  };

  const listError = validationText(errors.get(`${index}.writeOffRules`), t);
  return (
    <section aria-labelledby={`rules-heading-${index}`}>
      <Group justify="space-between" align="flex-end" mb="xs">
        <div>
          <Text component="h3" fw={700} size="lg" id={`rules-heading-${index}`}>
            {t('writeOff.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('rules.intro')}
          </Text>
        </div>
        <Button variant="default" onClick={() => setRules((rs) => [...rs, emptyRule()])}>
          {t('rules.add')}
        </Button>
      </Group>
      {listError && (
        <Text c="red.9" size="sm" role="alert" id={controlId(`${index}.writeOffRules`)} tabIndex={-1}>
          {listError}
        </Text>
      )}
      {rules.length > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('rules.instructions') } }}
        >
          <SortableContext items={rules.map((r) => r.key)} strategy={verticalListSortingStrategy}>
            <Stack component="ol" gap="xs" p={0} m={0} aria-label={t('rules.inOrder')}>
              {rules.map((rule, i) => (
                <RuleItem
                  key={rule.key}
                  movement={index}
                  position={i}
                  count={rules.length}
                  rule={rule}
                  errors={errors}
                  set={set}
                  move={move}
                  remove={remove}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

/** Renders again only when its rules or their errors change: typing in the lines does not touch it. */
export const WriteOffRulesEditor = memo(
  WriteOffRulesEditorInner,
  (a, b) => a.index === b.index && a.rules === b.rules && a.onChange === b.onChange && sameErrors(a.errors, b.errors),
);
