/*
 * The home screen's greeting words, free of imports: app/boot.ts writes them into the dashboard's
 * prerendered first paint from the stored seller before the app runs (app/dashboard-first-paint.ts).
 */

export function greetingFor(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

export const greetingLine = (firstName: string, now: Date) => `${greetingFor(now)}, ${firstName}`;
export const storeLine = (storeName: string) => `Here is how ${storeName} is doing.`;
