import * as schema from '../../../shared/schemas/companies';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const companiesRouter = router({
  myAddresses: companyProcedure.query(serve(service.listMyAddresses)),
  list: authedProcedure.input(schema.listCompaniesInput).output(schema.listOutput).query(serve(service.listCompanies)),
  get: authedProcedure.input(schema.companyIdInput).output(schema.getOutput).query(serve(service.getCompany)),
  update: managerProcedure.input(schema.updateCompanyInput).output(schema.updateOutput).mutation(serve(service.updateCompany)),
  admin: router({
    list: adminProcedure.input(schema.adminCompaniesInput).output(schema.adminListOutput).query(serve(service.listForAdmin)),
    get: adminProcedure.input(schema.adminCompanyIdInput).output(schema.adminGetOutput).query(serve(service.adminGetCompany)),
    update: adminProcedure.input(schema.updateCompanyDatesInput).output(schema.adminUpdateOutput).mutation(serve(service.updateCompanyDates)),
  }),
});
