import {
  adminCompaniesInput,
  adminCompanyIdInput,
  adminGetOutput,
  adminListOutput,
  adminUpdateOutput,
  companyIdInput,
  getOutput,
  listCompaniesInput,
  listOutput,
  updateCompanyDatesInput,
  updateCompanyInput,
  updateOutput,
} from '../../../shared/schemas/companies';
import { adminProcedure, authedProcedure, companyProcedure, managerProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

export const companiesRouter = router({
  myAddresses: companyProcedure.query(serve(service.listMyAddresses)),
  list: authedProcedure.input(listCompaniesInput).output(listOutput).query(serve(service.listCompanies)),
  get: authedProcedure.input(companyIdInput).output(getOutput).query(serve(service.getCompany)),
  update: managerProcedure.input(updateCompanyInput).output(updateOutput).mutation(serve(service.updateCompany)),
  admin: router({
    list: adminProcedure.input(adminCompaniesInput).output(adminListOutput).query(serve(service.listForAdmin)),
    get: adminProcedure.input(adminCompanyIdInput).output(adminGetOutput).query(serve(service.adminGetCompany)),
    update: adminProcedure.input(updateCompanyDatesInput).output(adminUpdateOutput).mutation(serve(service.updateCompanyDates)),
  }),
});
