import {
  adminCreateDriverOutput,
  adminCreateTripOutput,
  adminCreateVehicleOutput,
  adminDeleteDriverOutput,
  adminDeleteVehicleOutput,
  adminDriverOutput,
  adminDriversOutput,
  adminTripOutput,
  adminTripsOutput,
  adminUpdateDriverOutput,
  adminUpdateTripOutput,
  adminUpdateVehicleOutput,
  adminVehicleOutput,
  adminVehiclesOutput,
  createDriverInput,
  createTripInput,
  createVehicleInput,
  driverDocumentsOutput,
  driverLocationInput,
  driverSetStatusOutput,
  driverStartDeliveryOutput,
  driverTripOutput,
  driverTripsInput,
  driverTripsOutput,
  driverUpdateLocationOutput,
  driverUploadDocumentsOutput,
  exchangeTripsInput,
  idInput,
  listDriversInput,
  listTripsInput,
  listVehiclesInput,
  schedulableInput,
  startDeliveryInput,
  tripRouteInput,
  tripStatusInput,
  updateDriverInput,
  updateTripInput,
  updateVehicleInput,
  uploadTripDocumentsInput,
} from '../../../shared/schemas/drivers';
import { adminProcedure, companyProcedure, driverProcedure, router } from '../../trpc/init';
import * as service from './service';

/**
 * The driver app's own procedures (driver token audience), mounted as `driver.*`: the client sends the
 * driver token for exactly this prefix (docs/decisions/0044).
 */
export const driverRouter = router({
  me: driverProcedure.query(({ ctx }) => service.me(ctx.deps, ctx.actor)),
  trips: driverProcedure
    .input(driverTripsInput)
    .output(driverTripsOutput)
    .query(({ ctx, input }) => service.myTrips(ctx.deps, ctx.actor, input)),
  trip: driverProcedure
    .input(idInput)
    .output(driverTripOutput)
    .query(({ ctx, input }) => service.myTrip(ctx.deps, ctx.actor, input)),
  setStatus: driverProcedure
    .input(tripStatusInput)
    .output(driverSetStatusOutput)
    .mutation(({ ctx, input }) => service.setTripStatus(ctx.deps, ctx.actor, input)),
  startDelivery: driverProcedure
    .input(startDeliveryInput)
    .output(driverStartDeliveryOutput)
    .mutation(({ ctx, input }) => service.startDelivery(ctx.deps, ctx.actor, input)),
  updateLocation: driverProcedure
    .input(driverLocationInput)
    .output(driverUpdateLocationOutput)
    .mutation(({ ctx, input }) => service.updateLocation(ctx.deps, ctx.actor, input)),
  route: driverProcedure.input(tripRouteInput).query(({ ctx, input }) => service.myTripRoute(ctx.deps, ctx.actor, input)),
  documents: driverProcedure
    .input(idInput)
    .output(driverDocumentsOutput)
    .query(({ ctx, input }) => service.myDocuments(ctx.deps, ctx.actor, input)),
  uploadDocuments: driverProcedure
    .input(uploadTripDocumentsInput)
    .output(driverUploadDocumentsOutput)
    .mutation(({ ctx, input }) => service.uploadDocuments(ctx.deps, ctx.actor, input)),
});

/** Drivers, vehicles and trips for administrators (user token), and a synergy's trips for its two companies. */
export const driversRouter = router({
  exchangeTrips: companyProcedure.input(exchangeTripsInput).query(({ ctx, input }) => service.exchangeTrips(ctx.deps, ctx.actor, input)),
  admin: router({
    drivers: adminProcedure
      .input(listDriversInput)
      .output(adminDriversOutput)
      .query(({ ctx, input }) => service.listDrivers(ctx.deps, ctx.actor, input)),
    driver: adminProcedure
      .input(idInput)
      .output(adminDriverOutput)
      .query(({ ctx, input }) => service.getDriver(ctx.deps, ctx.actor, input)),
    createDriver: adminProcedure
      .input(createDriverInput)
      .output(adminCreateDriverOutput)
      .mutation(({ ctx, input }) => service.createDriver(ctx.deps, ctx.actor, input)),
    updateDriver: adminProcedure
      .input(updateDriverInput)
      .output(adminUpdateDriverOutput)
      .mutation(({ ctx, input }) => service.updateDriver(ctx.deps, ctx.actor, input)),
    deleteDriver: adminProcedure
      .input(idInput)
      .output(adminDeleteDriverOutput)
      .mutation(({ ctx, input }) => service.deleteDriver(ctx.deps, ctx.actor, input)),
    vehicles: adminProcedure
      .input(listVehiclesInput)
      .output(adminVehiclesOutput)
      .query(({ ctx, input }) => service.listVehicles(ctx.deps, ctx.actor, input)),
    vehicle: adminProcedure
      .input(idInput)
      .output(adminVehicleOutput)
      .query(({ ctx, input }) => service.getVehicle(ctx.deps, ctx.actor, input)),
    createVehicle: adminProcedure
      .input(createVehicleInput)
      .output(adminCreateVehicleOutput)
      .mutation(({ ctx, input }) => service.createVehicle(ctx.deps, ctx.actor, input)),
    updateVehicle: adminProcedure
      .input(updateVehicleInput)
      .output(adminUpdateVehicleOutput)
      .mutation(({ ctx, input }) => service.updateVehicle(ctx.deps, ctx.actor, input)),
    deleteVehicle: adminProcedure
      .input(idInput)
      .output(adminDeleteVehicleOutput)
      .mutation(({ ctx, input }) => service.deleteVehicle(ctx.deps, ctx.actor, input)),
    trips: adminProcedure
      .input(listTripsInput)
      .output(adminTripsOutput)
      .query(({ ctx, input }) => service.listTrips(ctx.deps, ctx.actor, input)),
    trip: adminProcedure
      .input(idInput)
      .output(adminTripOutput)
      .query(({ ctx, input }) => service.getTripForAdmin(ctx.deps, ctx.actor, input)),
    createTrip: adminProcedure
      .input(createTripInput)
      .output(adminCreateTripOutput)
      .mutation(({ ctx, input }) => service.createTrip(ctx.deps, ctx.actor, input)),
    updateTrip: adminProcedure
      .input(updateTripInput)
      .output(adminUpdateTripOutput)
      .mutation(({ ctx, input }) => service.updateTrip(ctx.deps, ctx.actor, input)),
    tripRoute: adminProcedure.input(idInput).query(({ ctx, input }) => service.tripRouteForAdmin(ctx.deps, ctx.actor, input)),
    schedulable: adminProcedure.input(schedulableInput).query(({ ctx, input }) => service.schedulable(ctx.deps, ctx.actor, input)),
    livePositions: adminProcedure.query(({ ctx }) => service.livePositions(ctx.deps, ctx.actor)),
  }),
});
