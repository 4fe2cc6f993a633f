import { api, FenceLimits } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Slider from 'antd-mobile/es/components/slider';
import Switch from 'antd-mobile/es/components/switch';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fenceReads } from '../../api/changes.ts';
import { useFence } from '../../api/queries/use-fence.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { DateField } from '../../components/form/date-field.tsx';
import { Field } from '../../components/form/field.tsx';
import { useRuleForm, type Values } from '../../components/form/use-rule-form.ts';
import { MapView } from '../../components/map/map-view.tsx';
import type { LatLng } from '../../components/map/shapes.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import { ClockSelect } from './clock-select.tsx';
import {
  centreOf,
  type Drawing,
  drawingOf,
  drawnContent,
  emptyDrawing,
  shapeParams,
  tap,
  undo,
} from './drawing.ts';
import { useDrawingContext } from './drawing-context.ts';
import { PlaceSearch } from './place-search.tsx';
import { triggerName, triggers } from './trigger.ts';
import './fence.css';

/** The slider covers the usual sizes; larger circles are typed (up to the contract's limit). */
const sliderMax = 2000;

interface Form extends Values {
  name: string;
  trigger: number | null;
  windowStart: string;
  windowEnd: string;
  permanent: boolean;
  dateStart: string;
  dateEnd: string;
}

const blank: Form = {
  name: '',
  trigger: null,
  windowStart: '00:00',
  windowEnd: '23:59',
  permanent: true,
  dateStart: '',
  dateEnd: '',
};

/** Which field shows a rule's message. */
const fieldOf = (path: string | undefined): string => {
  if (path === 'center' || path === 'points' || path === 'shape' || path === 'radius') return 'shape';
  if (path === 'windowStart' || path === 'windowEnd') return 'period';
  if (path === 'dateStart' || path === 'dateEnd' || path === 'permanent') return 'dates';
  return String(path ?? 'name');
};

/** A labelled group of buttons (trigger mode, shape) with its rule message. */
const ChoiceField = ({ label, error, children }: { label: string; error?: string; children: ReactNode }) => (
  <fieldset className={`field fence-choice${error ? ' field--invalid' : ''}`}>
    <legend className="field__label">{label}</legend>
    {children}
    {error && (
      <p className="field__error" role="alert">
        {error}
      </p>
    )}
  </fieldset>
);

/** /fenceEdit[?id=]: a new fence, or a fence's changes: name, trigger, period, dates and the shape drawn by tapping. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id')) || 0;
  const existing = useFence(id);
  const add = useEndpointMutation(api.fence.add, { invalidates: fenceReads });
  const update = useEndpointMutation(api.fence.update, { invalidates: fenceReads });
  const state = useRuleForm<Form>(blank);
  const { values: form, errors } = state;
  const [drawing, setDrawing] = useState<Drawing>(emptyDrawing('polygon'));
  const [focus, setFocus] = useState<LatLng | undefined>();
  const f = existing.data;
  const context = useDrawingContext(t, id, f?.org_id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled once per record read.
  useEffect(() => {
    if (!f) return;
    state.setValues({
      name: f.name,
      trigger: f.trigger,
      windowStart: f.window_start,
      windowEnd: f.window_end,
      permanent: f.permanent,
      dateStart: f.date_start ?? '',
      dateEnd: f.date_end ?? '',
    });
    setDrawing(drawingOf(f));
  }, [f]);

  const set = <K extends keyof Form & string>(key: K, value: Form[K]) => {
    state.set(key)(value);
    state.setError(fieldOf(key), null);
  };
  const draw = (change: (d: Drawing) => Drawing) => {
    setDrawing(change);
    state.setError('shape', null);
  };
  const params = {
    name: form.name.trim(),
    trigger: form.trigger ?? '',
    windowStart: form.windowStart,
    windowEnd: form.windowEnd,
    permanent: form.permanent ? '1' : '0',
    ...(form.permanent ? {} : { dateStart: form.dateStart, dateEnd: form.dateEnd }),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...shapeParams(drawing),
  };

  // A refusal (a duplicated name) is the server's message, shown by the client; the form keeps what was typed.
  const save = async () => {
    if (id) await update.mutateAsync({ id, ...params } as never);
    else {
      const made = await add.mutateAsync(params as never);
      navigate(`/fenceDetail?id=${made.id}`, { replace: true });
    }
    showToast(t('fence.saved'));
    if (id) navigate(`/fenceDetail?id=${id}`, { replace: true });
  };

  if (id && !f)
    return (
      <div className="page" data-testid="fence-edit">
        <PageHeader title={t('fence.edit')} />
        {existing.isError ? <MissingRecord /> : <Skeleton.Paragraph lineCount={8} animated />}
      </div>
    );

  // The server refuses a company's fence past its cap: a new one is not drawn in vain.
  const full = !id && context.count !== undefined && context.count >= FenceLimits.perCompanyMax;
  const drawn = drawnContent(drawing);
  // A saved fence opens the map on its middle; a new one where the drawing starts, else where the
  // server opens new maps.
  const centre = centreOf(f ? drawingOf(f) : drawing) ?? undefined;
  return (
    <div className="page" data-testid="fence-edit">
      <PageHeader title={id ? t('fence.edit') : t('fence.create')} />
      <form
        className="section"
        noValidate
        onSubmit={state.submit(save, () => [[api.fence.add.params, params, fieldOf]])}
      >
        {full && (
          <p className="field__error" role="alert" data-testid="fence-max">
            {t('msg.fenceMax')}
          </p>
        )}
        <Field id="fence-name" label={t('fence.name')} error={errors.name}>
          <input
            id="fence-name"
            value={form.name}
            maxLength={30}
            placeholder={t('fence.namePlaceholder')}
            onChange={(e) => set('name', e.target.value)}
          />
        </Field>
        <ChoiceField label={t('fence.trigger')} error={errors.trigger}>
          <div className="chips">
            {triggers.map((code) => (
              <button
                key={code}
                type="button"
                className="chip"
                aria-pressed={form.trigger === code}
                data-testid={`fence-trigger-${code}`}
                onClick={() => set('trigger', code)}
              >
                {triggerName(t, code)}
              </button>
            ))}
          </div>
        </ChoiceField>
        <div className="field-pair">
          <Field id="fence-window-start" label={t('fence.period')} error={errors.period}>
            <ClockSelect
              id="fence-window-start"
              label={t('fence.from')}
              value={form.windowStart}
              onChange={(v) => set('windowStart', v)}
            />
          </Field>
          <Field id="fence-window-end" label="&nbsp;">
            <ClockSelect
              id="fence-window-end"
              label={t('fence.to')}
              value={form.windowEnd}
              onChange={(v) => set('windowEnd', v)}
            />
          </Field>
        </div>
        <div className="fence-switch">
          <label htmlFor="fence-permanent">{t('fence.permanent')}</label>
          <Switch
            checked={form.permanent}
            onChange={(on) => set('permanent', on)}
            aria-label={t('fence.permanent')}
          />
        </div>
        {!form.permanent && (
          <div className="field-pair">
            <DateField
              id="fence-date-start"
              label={t('fence.from')}
              value={form.dateStart}
              max={form.dateEnd || undefined}
              onChange={(v) => set('dateStart', v)}
            />
            <DateField
              id="fence-date-end"
              label={t('fence.to')}
              error={errors.dates}
              value={form.dateEnd}
              min={form.dateStart || undefined}
              onChange={(v) => set('dateEnd', v)}
            />
          </div>
        )}
        <ChoiceField label={t('fence.shape')} error={errors.shape}>
          <div className="segmented">
            {(['polygon', 'circle'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                className="segmented__item"
                aria-pressed={drawing.kind === kind}
                data-testid={`fence-shape-${kind}`}
                onClick={() => drawing.kind !== kind && draw(() => emptyDrawing(kind))}
              >
                {t(`fence.${kind}`)}
              </button>
            ))}
          </div>
        </ChoiceField>
        <PlaceSearch onPick={(p) => setFocus({ lat: p.lat, lng: p.lng })} />
        <p className="field__hint" data-testid="fence-draw-hint">
          {drawing.kind === 'polygon'
            ? t('fence.polygonHint', { count: drawing.points.length })
            : drawing.center
              ? t('fence.circlePlacedHint')
              : t('fence.circleHint')}
        </p>
        <MapView
          label={t('fence.drawLabel')}
          testId="fence-draw-map"
          center={centre}
          fit={false}
          focus={focus}
          shapes={[...context.shapes, ...drawn.shapes]}
          markers={[...context.markers, ...drawn.markers]}
          onTap={(p) => draw((d) => tap(d, p))}
        />
        {(context.shapes.length > 0 || context.markers.length > 0) && (
          <p className="field__hint fence-context-note" data-testid="fence-context">
            {t('fence.context.legend', { fences: context.shapes.length, users: context.markers.length })}
            {context.notes.map((n) => (
              <span key={n}> {n}</span>
            ))}
          </p>
        )}
        <div className="fence-draw-tools">
          {drawing.kind === 'circle' && (
            <Field id="fence-radius" label={t('fence.radius')}>
              <input
                id="fence-radius"
                type="number"
                inputMode="numeric"
                min={FenceLimits.radiusMin}
                max={FenceLimits.radiusMax}
                value={drawing.radius}
                onChange={(e) => draw((d) => ({ ...d, radius: Number(e.target.value) }))}
              />
            </Field>
          )}
          {drawing.kind === 'circle' && (
            <div className="fence-radius-slider">
              <Slider
                min={FenceLimits.radiusMin}
                max={sliderMax}
                step={10}
                value={Math.min(Math.max(drawing.radius, FenceLimits.radiusMin), sliderMax)}
                onChange={(v) => draw((d) => ({ ...d, radius: typeof v === 'number' ? v : v[1] }))}
              />
            </div>
          )}
          <div className="chips">
            <button type="button" className="chip" data-testid="fence-undo" onClick={() => draw(undo)}>
              {t('fence.undo')}
            </button>
            <button
              type="button"
              className="chip"
              data-testid="fence-clear"
              onClick={() => draw((d) => emptyDrawing(d.kind))}
            >
              {t('fence.clear')}
            </button>
          </div>
        </div>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={state.busy || state.locked || full}
          data-testid="fence-save"
        >
          {t('fence.save')}
        </button>
      </form>
    </div>
  );
};
