import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { cn } from '@/lib/utils';
import { THEMES, useTheme, type Theme } from '../hooks/use-theme';
import { choiceItemClass } from './choice-class';

const OPTIONS: Record<Theme, { label: string; icon: LucideIcon }> = {
  system: { label: 'System', icon: Monitor },
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
};

/** The theme choice as a radio group, so arrow keys move between System, Light and Dark. */
export function ThemePicker({ labelledBy }: { labelledBy?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <RadioGroup.Root
      aria-labelledby={labelledBy}
      value={theme}
      onValueChange={(value) => setTheme(value as Theme)}
      className="grid grid-cols-3 gap-2"
    >
      {THEMES.map((value) => {
        const { label, icon: Icon } = OPTIONS[value];
        return (
          <RadioGroup.Item
            key={value}
            value={value}
            className={cn(choiceItemClass, 'flex-col py-3')}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
