import { useState } from 'react';
import { ActionIcon, Alert, Button, Drawer, Group, Radio, Stack, Tooltip, useDirection } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { THEME_COLORS } from './theme-colors';
import { PRESET_NAMES, THEME_PRESETS, type PresetName } from './theme-presets';
import {
  BACKGROUNDS,
  COLORS,
  CONTAINERS,
  DEFAULT_THEME_SETTINGS,
  DIRECTIONS,
  FONTS,
  LAYOUTS,
  POSITIONS,
  SIDEBAR_STYLES,
  type ThemeChange,
  type ThemeRefusal,
  type ThemeSettings,
} from './theme-rules';
import { themeStore, useThemeState } from './theme-store';
// The area's theme rules come with the panel, which only the role shell shows.
import './theme.css';

/** A preset is shown as chosen while every one of its settings is the current one. */
function currentPreset(state: ThemeSettings): PresetName | null {
  return PRESET_NAMES.find((name) => Object.entries(THEME_PRESETS[name]).every(([key, value]) => state[key as keyof ThemeSettings] === value)) ?? null;
}

interface ChoiceProps<T extends string> {
  name: string;
  values: readonly T[];
  value: T;
  labelKey: (value: T) => string;
  onChange: (value: T) => void;
}

function Choice<T extends string>({ name, values, value, labelKey, onChange }: ChoiceProps<T>) {
  const { t } = useTranslation();
  return (
    <Radio.Group name={name} label={t(`theme.${name}`)} value={value} onChange={(next) => onChange(next as T)}>
      <Group gap="sm" mt="xs">
        {values.map((option) => (
          <Radio key={option} value={option} label={t(labelKey(option))} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * The drawer of theme settings (spec sections 3 to 5) and what opens it: a gear in the header, or a
 * labelled button in the phone's sidebar menu, where the header has no room left.
 */
export function ThemeSettingsPanel({ trigger = 'gear' }: { trigger?: 'gear' | 'button' }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const [opened, { open, close }] = useDisclosure(false);
  const state = useThemeState();
  const [refusal, setRefusal] = useState<ThemeRefusal | null>(null);
  const change = (next: ThemeChange) => setRefusal(themeStore.change(next) ?? null);
  const preset = currentPreset(state);

  return (
    <>
      {trigger === 'gear' ? (
        <Tooltip label={t('theme.open')}>
          <ActionIcon variant="subtle" size="lg" onClick={open} aria-label={t('theme.open')} data-testid="theme-open">
            <IconSettings aria-hidden="true" size={20} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button variant="subtle" onClick={open} leftSection={<IconSettings aria-hidden="true" size={20} />} data-testid="theme-open">
          {t('theme.open')}
        </Button>
      )}
      <Drawer opened={opened} onClose={close} title={t('theme.title')} position={dir === 'rtl' ? 'left' : 'right'} closeButtonProps={{ 'aria-label': t('theme.close') }} size="md">
        <Stack gap="lg" className="theme-panel">
          {refusal ? (
            <Alert role="alert" color="red" variant="light" withCloseButton closeButtonLabel={t('theme.alert.dismiss')} onClose={() => setRefusal(null)} data-testid="theme-alert">
              {t(refusal)}
            </Alert>
          ) : null}
          <Radio.Group name="preset" label={t('theme.presets')} value={preset ?? ''} onChange={(name) => change(THEME_PRESETS[name as PresetName])}>
            <Group gap="sm" mt="xs">
              {PRESET_NAMES.map((name) => (
                <Radio key={name} value={name} label={t(`theme.preset.${name}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Choice name="sidebar" values={SIDEBAR_STYLES} value={state.sidebar} labelKey={(v) => `theme.sidebar.${v}`} onChange={(sidebar) => change({ sidebar })} />
          <Choice name="layout" values={LAYOUTS} value={state.layout} labelKey={(v) => `theme.layout.${v}`} onChange={(layout) => change({ layout })} />
          <Choice name="background" values={BACKGROUNDS} value={state.background} labelKey={(v) => `theme.background.${v}`} onChange={(background) => change({ background })} />
          <Choice name="sidebarPosition" values={POSITIONS} value={state.sidebarPosition} labelKey={(v) => `theme.position.${v}`} onChange={(sidebarPosition) => change({ sidebarPosition })} />
          <Choice name="headerPosition" values={POSITIONS} value={state.headerPosition} labelKey={(v) => `theme.position.${v}`} onChange={(headerPosition) => change({ headerPosition })} />
          <Choice name="container" values={CONTAINERS} value={state.container} labelKey={(v) => `theme.container.${v}`} onChange={(container) => change({ container })} />
          <Choice name="direction" values={DIRECTIONS} value={state.direction} labelKey={(v) => `theme.direction.${v}`} onChange={(direction) => change({ direction })} />
          <Choice name="font" values={FONTS} value={state.font} labelKey={(v) => `theme.font.${v}`} onChange={(font) => change({ font })} />
          <fieldset className="theme-swatches">
            <legend className="theme-swatches__legend">{t('theme.color')}</legend>
            {COLORS.map((color, index) => (
              <label key={color} className="theme-swatches__choice">
                <input type="radio" name="theme-color" value={color} checked={state.color === color} onChange={() => change({ color })} className="theme-swatches__input" />
                <span className="theme-swatches__swatch" style={{ background: THEME_COLORS[color][7] }} aria-hidden="true" />
                <span className="visually-hidden">{t('theme.colorName', { number: index + 1 })}</span>
              </label>
            ))}
          </fieldset>
          <Button variant="default" onClick={() => change(DEFAULT_THEME_SETTINGS)}>
            {t('theme.reset')}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
