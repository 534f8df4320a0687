import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export const Card = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function Card({ className, ...props }, ref) {
  return <div ref={ref} className={cn('rounded-xl border border-gray-200 bg-white text-gray-900 shadow-sm', className)} {...props} />;
});

export const CardHeader = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function CardHeader({ className, ...props }, ref) {
  return <div ref={ref} className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...props} />;
});

type HeadingLevel = 'h1' | 'h2' | 'h3' | 'h4';

export const CardTitle = forwardRef<HTMLHeadingElement, HTMLAttributes<HTMLHeadingElement> & { as?: HeadingLevel }>(
  function CardTitle({ className, as: Tag = 'h3', ...props }, ref) {
    return <Tag ref={ref} className={cn('text-lg font-semibold leading-tight tracking-tight', className)} {...props} />;
  },
);

export const CardDescription = forwardRef<HTMLParagraphElement, HTMLAttributes<HTMLParagraphElement>>(function CardDescription(
  { className, ...props },
  ref,
) {
  return <p ref={ref} className={cn('text-sm text-gray-600', className)} {...props} />;
});

export const CardContent = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function CardContent({ className, ...props }, ref) {
  return <div ref={ref} className={cn('p-5 pt-0 sm:p-6 sm:pt-0', className)} {...props} />;
});

export const CardFooter = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function CardFooter({ className, ...props }, ref) {
  return <div ref={ref} className={cn('flex items-center gap-3 p-5 pt-0 sm:p-6 sm:pt-0', className)} {...props} />;
});

/** A centred card with a heading: what a page shows instead of its content (signed out, wrong role, nothing yet). */
export function NoticeCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid justify-items-center gap-3 p-6 text-center text-gray-700">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </Card>
  );
}
