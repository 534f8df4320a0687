import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '@client/lib/cn';
import { fieldClasses } from './input';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ className, rows, ...props }, ref) {
  return <textarea ref={ref} rows={rows ?? 4} className={cn(fieldClasses, 'min-h-20 py-2', className)} {...props} />;
});
