import { RadioGroup } from 'radix-ui';
import { cn } from '@/lib/utils';
import {
  APP_ICON_THEMES,
  appIconLinks,
  useAppIconTheme,
  type AppIconTheme,
} from '../hooks/use-app-icon-theme';
import { choiceItemClass } from './choice-class';

const LABELS: Record<AppIconTheme, string> = { light: 'Light', dark: 'Dark' };

/**
 * The app icon theme choice as a radio group showing each icon itself, so arrow keys move between
 * Light and Dark and the person sees what they pick.
 */
export function AppIconThemePicker({ labelledBy }: { labelledBy?: string }) {
  const { appIconTheme, setAppIconTheme } = useAppIconTheme();
  return (
    <RadioGroup.Root
      aria-labelledby={labelledBy}
      value={appIconTheme}
      onValueChange={(value) => setAppIconTheme(value as AppIconTheme)}
      className="grid grid-cols-2 gap-2"
    >
      {APP_ICON_THEMES.map((value) => (
        <RadioGroup.Item
          key={value}
          value={value}
          className={cn(choiceItemClass, 'justify-center gap-2.5 py-2.5')}
        >
          <img
            src={appIconLinks(value).icon}
            alt=""
            width={24}
            height={24}
            className="size-6 shrink-0"
          />
          {LABELS[value]}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
