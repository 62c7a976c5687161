/**
 * Copies text to the clipboard; where there is no clipboard API (older Android WebViews, pages
 * served over plain http) it selects the text in `fallbackInput` and asks the browser to copy.
 * Answers whether the text was copied.
 */
export async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    fallbackInput?.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}
