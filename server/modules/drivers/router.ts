import {
  createDriverInput,
  createTripInput,
  createVehicleInput,
  driverLocationInput,
  driverTripsInput,
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
  trips: driverProcedure.input(driverTripsInput).query(({ ctx, input }) => service.myTrips(ctx.deps, ctx.actor, input)),
  trip: driverProcedure.input(idInput).query(({ ctx, input }) => service.myTrip(ctx.deps, ctx.actor, input)),
  setStatus: driverProcedure.input(tripStatusInput).mutation(({ ctx, input }) => service.setTripStatus(ctx.deps, ctx.actor, input)),
  startDelivery: driverProcedure.input(startDeliveryInput).mutation(({ ctx, input }) => service.startDelivery(ctx.deps, ctx.actor, input)),
  updateLocation: driverProcedure.input(driverLocationInput).mutation(({ ctx, input }) => service.updateLocation(ctx.deps, ctx.actor, input)),
  route: driverProcedure.input(tripRouteInput).query(({ ctx, input }) => service.myTripRoute(ctx.deps, ctx.actor, input)),
  documents: driverProcedure.input(idInput).query(({ ctx, input }) => service.myDocuments(ctx.deps, ctx.actor, input)),
  uploadDocuments: driverProcedure.input(uploadTripDocumentsInput).mutation(({ ctx, input }) => service.uploadDocuments(ctx.deps, ctx.actor, input)),
});

/** Drivers, vehicles and trips for administrators (user token), and a synergy's trips for its two companies. */
export const driversRouter = router({
  exchangeTrips: companyProcedure.input(exchangeTripsInput).query(({ ctx, input }) => service.exchangeTrips(ctx.deps, ctx.actor, input)),
  admin: router({
    drivers: adminProcedure.input(listDriversInput).query(({ ctx, input }) => service.listDrivers(ctx.deps, ctx.actor, input)),
    driver: adminProcedure.input(idInput).query(({ ctx, input }) => service.getDriver(ctx.deps, ctx.actor, input)),
    createDriver: adminProcedure.input(createDriverInput).mutation(({ ctx, input }) => service.createDriver(ctx.deps, ctx.actor, input)),
    updateDriver: adminProcedure.input(updateDriverInput).mutation(({ ctx, input }) => service.updateDriver(ctx.deps, ctx.actor, input)),
    deleteDriver: adminProcedure.input(idInput).mutation(({ ctx, input }) => service.deleteDriver(ctx.deps, ctx.actor, input)),
    vehicles: adminProcedure.input(listVehiclesInput).query(({ ctx, input }) => service.listVehicles(ctx.deps, ctx.actor, input)),
    vehicle: adminProcedure.input(idInput).query(({ ctx, input }) => service.getVehicle(ctx.deps, ctx.actor, input)),
    createVehicle: adminProcedure.input(createVehicleInput).mutation(({ ctx, input }) => service.createVehicle(ctx.deps, ctx.actor, input)),
    updateVehicle: adminProcedure.input(updateVehicleInput).mutation(({ ctx, input }) => service.updateVehicle(ctx.deps, ctx.actor, input)),
    deleteVehicle: adminProcedure.input(idInput).mutation(({ ctx, input }) => service.deleteVehicle(ctx.deps, ctx.actor, input)),
    trips: adminProcedure.input(listTripsInput).query(({ ctx, input }) => service.listTrips(ctx.deps, ctx.actor, input)),
    trip: adminProcedure.input(idInput).query(({ ctx, input }) => service.getTripForAdmin(ctx.deps, ctx.actor, input)),
    createTrip: adminProcedure.input(createTripInput).mutation(({ ctx, input }) => service.createTrip(ctx.deps, ctx.actor, input)),
    updateTrip: adminProcedure.input(updateTripInput).mutation(({ ctx, input }) => service.updateTrip(ctx.deps, ctx.actor, input)),
    tripRoute: adminProcedure.input(idInput).query(({ ctx, input }) => service.tripRouteForAdmin(ctx.deps, ctx.actor, input)),
    schedulable: adminProcedure.input(schedulableInput).query(({ ctx, input }) => service.schedulable(ctx.deps, ctx.actor, input)),
    livePositions: adminProcedure.query(({ ctx }) => service.livePositions(ctx.deps, ctx.actor)),
  }),
});
