/**
 * The registration forms as data: schema, screen texts (spec 001 sections 2 and 8, spec 002 section 8), the
 * client route and the API path. The client renders forms from this; the server registers its POST routes and
 * names stored registrations from it.
 */
import type { z } from 'zod';
import {
  AirlineRegistrationSchema,
  CarRentalRegistrationSchema,
  CourierRegistrationSchema,
  DriverApplicationSchema,
  DriverRegistrationSchema,
  FashionDesignerRegistrationSchema,
  GeneralServiceRegistrationSchema,
  HotelRegistrationSchema,
  PropertyRegistrationSchema,
  RestaurantRegistrationSchema,
  TaxiRegistrationSchema,
} from './schemas';
import { DRIVER_REVIEW_TIME } from './options';

export const REGISTRATION_KINDS = [
  'restaurant',
  'hotel',
  'airline',
  'car-rental',
  'courier',
  'taxi',
  'property',
  'general-service',
  'driver',
  'fashion-designer',
  'driver-application',
] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

export type RegistrationForm<S extends z.ZodType = z.ZodType> = {
  schema: S;
  /** Page heading. */
  title: string;
  /** Submit button text, and its text while sending. */
  buttonLabel: string;
  submittingLabel: string;
  /** Success toast (or confirmation screen) title and description. */
  successTitle: string;
  successDescription: string;
  /** Failure toast title; its description is the server's message, else `failureDescription`. */
  failureTitle: string;
  failureDescription: string;
  /** The client route of the form. */
  route: string;
  /** Where the form is POSTed. */
  apiPath: RegistrationApiPath;
  /** The field holding the business or person name shown in the admin queue. */
  nameField: string;
};

/** The routes registration forms are POSTed to (the client's typed API client checks each is a POST route). */
export type RegistrationApiPath =
  | '/api/restaurants'
  | '/api/hotels'
  | '/api/flights'
  | '/api/cars'
  | '/api/shipping-rates'
  | '/api/taxi-rides'
  | '/api/properties'
  | '/api/general-services'
  | '/api/register-driver'
  | '/api/register-fashion-designer'
  | '/api/driver-applications';

const REVIEW_24H = "Your registration has been submitted for review. We'll contact you within 24 hours.";

/** Shared texts of the listing forms (restaurant, hotel, airline, car rental, shipping, taxi, property). */
const listing = (noun: string) => ({
  title: `Register Your ${noun}`,
  buttonLabel: `Register ${noun}`,
  submittingLabel: 'Registering...',
  successDescription: REVIEW_24H,
  failureTitle: 'Registration failed',
  failureDescription: 'Please try again later.',
});

export const REGISTRATION_FORMS = {
  restaurant: {
    schema: RestaurantRegistrationSchema,
    ...listing('Restaurant'),
    successTitle: 'Restaurant registered successfully!',
    route: '/register/restaurant',
    apiPath: '/api/restaurants',
    nameField: 'name',
  },
  hotel: {
    schema: HotelRegistrationSchema,
    ...listing('Hotel'),
    successTitle: 'Hotel registered successfully!',
    route: '/register/hotel',
    apiPath: '/api/hotels',
    nameField: 'name',
  },
  airline: {
    schema: AirlineRegistrationSchema,
    ...listing('Airline'),
    successTitle: 'Airline registered successfully!',
    route: '/register/flight',
    apiPath: '/api/flights',
    nameField: 'airlineName',
  },
  'car-rental': {
    schema: CarRentalRegistrationSchema,
    ...listing('Car Rental'),
    successTitle: 'Car rental registered successfully!',
    route: '/register/car',
    apiPath: '/api/cars',
    nameField: 'companyName',
  },
  courier: {
    schema: CourierRegistrationSchema,
    ...listing('Shipping Service'),
    successTitle: 'Shipping service registered successfully!',
    route: '/register/shipping',
    apiPath: '/api/shipping-rates',
    nameField: 'companyName',
  },
  taxi: {
    schema: TaxiRegistrationSchema,
    ...listing('Taxi Service'),
    successTitle: 'Taxi service registered successfully!',
    route: '/register/taxi',
    apiPath: '/api/taxi-rides',
    nameField: 'companyName',
  },
  property: {
    schema: PropertyRegistrationSchema,
    ...listing('Property'),
    successTitle: 'Property registered successfully!',
    route: '/register/property',
    apiPath: '/api/properties',
    nameField: 'title',
  },
  'general-service': {
    schema: GeneralServiceRegistrationSchema,
    title: 'Register Your General Service',
    buttonLabel: 'Register Service',
    submittingLabel: 'Registering...',
    successTitle: 'Success!',
    successDescription: 'Your general service has been registered successfully.',
    failureTitle: 'Error',
    failureDescription: 'Failed to register general service',
    route: '/register/general',
    apiPath: '/api/general-services',
    nameField: 'name',
  },
  driver: {
    schema: DriverRegistrationSchema,
    title: 'Register as a Driver',
    buttonLabel: 'Submit Registration',
    submittingLabel: 'Registering...',
    successTitle: 'Registration Successful!',
    successDescription: `Your driver application has been submitted for review. We'll contact you ${DRIVER_REVIEW_TIME}.`,
    failureTitle: 'Registration Failed',
    failureDescription: 'There was an error submitting your application. Please try again.',
    route: '/register/driver',
    apiPath: '/api/register-driver',
    nameField: 'fullName',
  },
  'fashion-designer': {
    schema: FashionDesignerRegistrationSchema,
    title: 'Register as a Fashion Designer',
    buttonLabel: 'Create Designer Profile',
    submittingLabel: 'Registering...',
    successTitle: 'Registration Successful!',
    successDescription: 'Your fashion designer profile has been created. Start receiving orders soon!',
    failureTitle: 'Registration Failed',
    failureDescription: 'There was an error creating your profile. Please try again.',
    route: '/register/fashion-designer',
    apiPath: '/api/register-fashion-designer',
    nameField: 'designerName',
  },
  'driver-application': {
    schema: DriverApplicationSchema,
    title: 'Driver Application',
    buttonLabel: 'Submit Application',
    submittingLabel: 'Submitting Application...',
    successTitle: 'Application Submitted Successfully!',
    successDescription: `We'll review your application and contact you ${DRIVER_REVIEW_TIME}.`,
    failureTitle: 'Application Failed',
    failureDescription: 'There was an error submitting your application. Please try again.',
    route: '/apply-driver',
    apiPath: '/api/driver-applications',
    nameField: 'firstName',
  },
} as const satisfies Record<RegistrationKind, RegistrationForm>;

/** The name a registration is listed under in the admin queue (first and last name for a driver application). */
export function registrationName(kind: RegistrationKind, data: Record<string, unknown>): string {
  if (kind === 'driver-application') return `${String(data.firstName ?? '')} ${String(data.lastName ?? '')}`.trim();
  const value = data[REGISTRATION_FORMS[kind].nameField];
  return typeof value === 'string' ? value : '';
}
