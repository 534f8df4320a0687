import { useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { Button } from '@client/ui/button';
import { ChatDialog, type ChatTarget } from './chat-dialog';

/** A button that opens the chat about one listing (or delivery) in the chat dialog; usable inside other dialogs. */
export function ChatButton({ target, label = 'Message', className }: { target: ChatTarget; label?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" className={className} onClick={() => setOpen(true)}>
        <MessageCircle className="size-4" aria-hidden="true" />
        {label}
      </Button>
      <ChatDialog open={open} onOpenChange={setOpen} target={target} />
    </>
  );
}
