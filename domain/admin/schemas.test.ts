import { describe, expect, it } from 'vitest';
import { AdminEditSchemas, RegistrationsQuerySchema, RejectRegistrationSchema, isAdminCollection, isEditableCollection } from './schemas';

describe('admin schemas', () => {
  it('requires a rejection reason of at least 3 characters', () => {
    expect(RejectRegistrationSchema.safeParse({ reason: ' no ' }).error?.issues[0].message).toBe('Please give a reason for the rejection');
    expect(RejectRegistrationSchema.parse({ reason: ' Spam ' })).toEqual({ reason: 'Spam' });
  });

  it('defaults the queue filter to all statuses', () => {
    expect(RegistrationsQuerySchema.parse({})).toEqual({ status: 'all' });
    expect(RegistrationsQuerySchema.safeParse({ status: 'done' }).success).toBe(false);
  });

  it('edits accept known fields in dollars and refuse unknown or empty edits', () => {
    expect(AdminEditSchemas.hotels.parse({ pricePerNight: 99.5, isActive: false })).toEqual({ pricePerNight: 99.5, isActive: false });
    expect(AdminEditSchemas.hotels.safeParse({ pricePerNight: 1.234 }).success).toBe(false);
    expect(AdminEditSchemas.hotels.safeParse({ starRating: 6 }).success).toBe(false);
    expect(AdminEditSchemas.hotels.safeParse({ password: 'x' }).success).toBe(false);
    expect(AdminEditSchemas.cars.safeParse({}).error?.issues[0].message).toBe('Nothing to update');
  });

  it('knows which collections exist and which are editable', () => {
    expect(isAdminCollection('users')).toBe(true);
    expect(isEditableCollection('users')).toBe(false);
    expect(isEditableCollection('taxi-rides')).toBe(true);
    expect(isAdminCollection('sessions')).toBe(false);
  });

  it('edits keep choice fields to the registration option lists and e-mails valid', () => {
    expect(AdminEditSchemas.restaurants.parse({ cuisine: 'Thai' })).toEqual({ cuisine: 'Thai' });
    expect(AdminEditSchemas.restaurants.safeParse({ cuisine: 'Thia' }).error?.issues[0].message).toBe('Please select a cuisine type');
    const general = AdminEditSchemas['general-services'];
    expect(general.parse({ category: 'Laundry Service', serviceType: 'Recurring' })).toEqual({ category: 'Laundry Service', serviceType: 'Recurring' });
    expect(general.safeParse({ category: 'Laundry' }).error?.issues[0].message).toBe('Please select a category');
    expect(general.safeParse({ serviceType: 'Sometimes' }).error?.issues[0].message).toBe('Please select a service type');
    expect(general.safeParse({ contactEmail: 'not-an-email' }).error?.issues[0].message).toBe('Please enter a valid email');
    expect(general.parse({ contactEmail: ' team@example.com ' })).toEqual({ contactEmail: 'team@example.com' });
  });
});
