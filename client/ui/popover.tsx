import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { cn } from '@client/lib/cn';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

/** Spec 000 section 9: default width 72 units (18rem) and a side offset of 4. */
export const PopoverContent = forwardRef<ComponentRef<typeof PopoverPrimitive.Content>, ComponentPropsWithoutRef<typeof PopoverPrimitive.Content>>(
  function PopoverContent({ className, align = 'center', sideOffset = 4, ...props }, ref) {
    return (
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          ref={ref}
          align={align}
          sideOffset={sideOffset}
          collisionPadding={8}
          className={cn(
            'z-50 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-gray-200 bg-white p-4 text-gray-900 shadow-lg outline-none',
            'data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out',
            className,
          )}
          {...props}
        />
      </PopoverPrimitive.Portal>
    );
  },
);
