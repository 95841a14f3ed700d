// Copying a text the user passes on by hand (a password reset link, an API secret): once copied the button can say
// so; when the browser refuses the clipboard, a snackbar (`failed`) asks to select and copy it by hand.
import type { MessageDescriptor } from '@lingui/core';
import { useState } from 'react';
import { showSnackbar } from '@/lib/snackbar';

export function useCopy(failed: MessageDescriptor) {
  const [copied, setCopied] = useState(false);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      showSnackbar(failed, { tone: 'error' });
    }
  };
  return { copied, copy };
}
