import { rules } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { FormInput } from '../../components/form/form-input.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';
import type { IntakeRow } from './intake-rows.ts';

interface Props {
  row: IntakeRow;
  onSave: (row: IntakeRow) => void;
  onCancel: () => void;
}

/**
 * One row fixed in place, by the same rules the server checks: an SSID of 15 digits, a name and an
 * ICCID when given. Whether the SSID is free and the group exists the server answers when the rows are
 * checked again.
 */
export const RowEditor = ({ row, onSave, onCancel }: Props) => {
  const { t } = useTranslation();
  const form = useRuleForm({ ssid: row.ssid, name: row.name, iccid: row.iccid, group: row.group });
  const parts = (v: typeof form.values): RulePart[] => [
    [rules.ssid, v.ssid, 'ssid'],
    ...(v.name.trim() ? [[rules.nicknameLong, v.name, 'name'] as const] : []),
    ...(v.iccid.trim() ? [[rules.iccid, v.iccid, 'iccid'] as const] : []),
  ];
  const id = (field: string) => `intake-${row.line}-${field}`;
  return (
    <form
      className="intake-editor"
      noValidate
      data-testid={`intake-editor-${row.line}`}
      onSubmit={form.submit(
        (v) =>
          onSave({
            line: row.line,
            ssid: rules.halfWidth(v.ssid).trim(),
            name: v.name.trim(),
            iccid: v.iccid.trim(),
            group: v.group.trim(),
          }),
        parts,
      )}
    >
      <p className="item-meta">{t('intake.line', { line: row.line })}</p>
      <FormInput id={id('ssid')} label="SSID(IMEI)" inputMode="numeric" {...form.field('ssid')} />
      <FormInput id={id('name')} label={t('intake.name')} maxLength={11} {...form.field('name')} />
      <FormInput id={id('iccid')} label={t('intake.iccid')} maxLength={20} {...form.field('iccid')} />
      <FormInput id={id('group')} label={t('intake.group')} maxLength={15} {...form.field('group')} />
      <div className="intake-editor__actions">
        <Button shape="rounded" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" color="primary" shape="rounded" data-testid="intake-save">
          {t('intake.save')}
        </Button>
      </div>
    </form>
  );
};
