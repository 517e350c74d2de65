/**
 * The corporate card programme (issue 15): contracts the bank sets up for a company, pre-orders
 * under them (the company's money held until staff decide), print batches staff allocate (cards
 * printed with the company's abbreviation, by the cards module's processor), binding printed cards
 * to cardholders, and their membership fees. Each part registers its calls here with the module's
 * ProgrammeContext.
 */
import type { AppModule } from '../../platform/module.ts';
import { programmeContextOf } from './context.ts';
import { registerOrderCalls } from './order-routes.ts';
import { programmeOrdersDemoSeeder } from './order-seed.ts';

export const programmeModule: AppModule = {
  name: 'programme',
  demoSeeder: programmeOrdersDemoSeeder,
  register(app, context) {
    const programme = programmeContextOf(context);
    // Each part of the module registers its calls here (contracts and orders; binding and membership fees).
    void app;
    void programme;
    registerOrderCalls(app, programme);
  },
};
