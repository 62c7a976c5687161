import { describe, expect, it } from 'vitest';
import { stateText } from '@/lib/state-name';

describe('stateText', () => {
  it('shows the capital as the pickers do, and any other state or text as stored', () => {
    expect(stateText('Fct')).toBe('Federal Capital Territory');
    expect(stateText('Lagos')).toBe('Lagos');
    expect(stateText('Akwa Ibom')).toBe('Akwa Ibom');
    expect(stateText('Greater Accra')).toBe('Greater Accra');
  });
});
